// Package structtx: repositories that keep the transaction in a field (a
// constructor NewRepo(tx), a WithTx(tx) copy, a unit of work whose Begin
// stores it), and a method of theirs that calls the network while it is
// open.
package structtx

import (
	"context"
	"database/sql"
	"net/http"
)

// DB is what the repositories need; *sql.DB and *sql.Tx both satisfy it.
type DB interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}

// Repo keeps its handle in a field, and asks a remote service for what it
// does not have.
type Repo struct {
	db     DB
	client *http.Client
}

func NewRepo(db DB, client *http.Client) *Repo { return &Repo{db: db, client: client} } // want NewRepo:"readsOnly"

// WithTx returns a copy of the repository on tx.
func (r *Repo) WithTx(tx *sql.Tx) *Repo { return &Repo{db: tx, client: r.client} } // want WithTx:"readsOnly"

func (r *Repo) Save(ctx context.Context, id string) error {
	if _, err := r.client.Get("https://stores.example/" + id); err != nil {
		return err
	}
	_, err := r.db.ExecContext(ctx, "INSERT INTO stores (id) VALUES ($1)", id)
	return err
}

// Constructor: the repository is built on the transaction.
func SaveInTx(ctx context.Context, db *sql.DB, client *http.Client, id string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	repo := NewRepo(tx, client)
	if err := repo.Save(ctx, id); err != nil { // want `HTTP call structtx\.\(\*Repo\)\.Save → \(\*http\.Client\)\.Get inside the transaction begun at structtx\.go:40`
		return err
	}
	return tx.Commit()
}

// WithTx: a copy of the repository on the transaction.
func SaveWithTx(ctx context.Context, db *sql.DB, repo *Repo, id string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := repo.WithTx(tx).Save(ctx, id); err != nil { // want `HTTP call structtx\.\(\*Repo\)\.Save → \(\*http\.Client\)\.Get inside the transaction begun at structtx\.go:54`
		return err
	}
	return tx.Commit()
}

// Correct: the repository holds the pool, no transaction is open.
func SaveOnPool(ctx context.Context, db *sql.DB, client *http.Client, id string) error {
	return NewRepo(db, client).Save(ctx, id)
}

// Correct: the repository's network call after Commit.
func SaveAfterCommit(ctx context.Context, db *sql.DB, repo *Repo, id string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, "UPDATE stores SET seen = true"); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	return repo.Save(ctx, id)
}

// TxRepo holds the transaction itself: its methods run inside it.
type TxRepo struct {
	tx     *sql.Tx
	client *http.Client
}

func (r *TxRepo) Save(ctx context.Context, id string) error {
	if _, err := r.tx.ExecContext(ctx, "INSERT INTO stores (id) VALUES ($1)", id); err != nil {
		return err
	}
	_, err := r.client.Get("https://stores.example/" + id) // want `HTTP call \(\*http\.Client\)\.Get inside the transaction passed in as r`
	return err
}

// UnitOfWork begins the transaction in one method and keeps it in a field
// for the others.
type UnitOfWork struct {
	db *sql.DB
	tx *sql.Tx
}

func (u *UnitOfWork) Begin(ctx context.Context) error {
	tx, err := u.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	u.tx = tx
	return nil
}

func (u *UnitOfWork) Commit() error   { return u.tx.Commit() }   // want Commit:"readsOnly"
func (u *UnitOfWork) Rollback() error { return u.tx.Rollback() } // want Rollback:"readsOnly"

func (u *UnitOfWork) Stores() *Repo { return &Repo{db: u.tx} } // want Stores:"readsOnly"

// Between the unit of work's Begin and Commit.
func Checkout(ctx context.Context, uow *UnitOfWork, client *http.Client, id string) error {
	if err := uow.Begin(ctx); err != nil {
		return err
	}
	defer uow.Rollback()
	if _, err := uow.tx.ExecContext(ctx, "UPDATE carts SET closed = true WHERE id = $1", id); err != nil {
		return err
	}
	if _, err := client.Post("https://payments.example/charge", "application/json", nil); err != nil { // want `HTTP call \(\*http\.Client\)\.Post inside the transaction begun at structtx\.go:123`
		return err
	}
	return uow.Commit()
}

// Correct: the call before Begin and after Commit.
func CheckoutOutside(ctx context.Context, uow *UnitOfWork, client *http.Client, id string) error {
	if _, err := client.Get("https://stock.example/" + id); err != nil {
		return err
	}
	if err := uow.Begin(ctx); err != nil {
		return err
	}
	defer uow.Rollback()
	if _, err := uow.tx.ExecContext(ctx, "UPDATE carts SET closed = true WHERE id = $1", id); err != nil {
		return err
	}
	if err := uow.Commit(); err != nil {
		return err
	}
	_, err := client.Post("https://payments.example/charge", "application/json", nil)
	return err
}

// Service keeps the unit of work in a field and begins it in a method.
type Service struct {
	uow    *UnitOfWork
	client *http.Client
}

func (s *Service) Close(ctx context.Context, id string) error {
	s.uow.Begin(ctx)
	if _, err := s.client.Get("https://stock.example/" + id); err != nil { // want `HTTP call \(\*http\.Client\)\.Get inside the transaction begun at structtx\.go:162`
		s.uow.Rollback()
		return err
	}
	return s.uow.Commit()
}

// Correct: a read-only transaction holds nothing while the repository
// built on it asks the remote service.
func SaveReadOnly(ctx context.Context, db *sql.DB, client *http.Client, id string) error {
	tx, err := db.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := NewRepo(tx, client).Save(ctx, id); err != nil {
		return err
	}
	return tx.Commit()
}
