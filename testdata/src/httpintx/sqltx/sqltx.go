package sqltx

import (
	"context"
	"database/sql"
	"net/http"

	"github.com/jmoiron/sqlx"
)

func Handle(ctx context.Context, db *sql.DB, url string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, "INSERT INTO processed_event (id) VALUES ($1)", "e1"); err != nil {
		return err
	}
	if _, err := http.PostForm(url, nil); err != nil { // want `HTTP call http\.PostForm inside the transaction begun at sqltx\.go:12`
		return err
	}
	return tx.Commit()
}

func HandleX(db *sqlx.DB, url string) error {
	tx := db.MustBegin()
	http.Head(url) // want `HTTP call http\.Head inside the transaction begun at sqltx\.go:27`
	return tx.Commit()
}

func HandleBeginx(db *sqlx.DB, url string) error {
	tx, err := db.Beginx()
	if err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	_, err = http.Get(url)
	return err
}

// unitOfWork holds the transaction: its methods run inside it.
type unitOfWork struct {
	tx  *sql.Tx
	url string
}

func (u *unitOfWork) notify() error {
	_, err := http.Get(u.url) // want `HTTP call http\.Get inside the transaction passed in as u;`
	return err
}

func (u *unitOfWork) finish() error {
	if err := u.tx.Commit(); err != nil {
		return err
	}
	_, err := http.Get(u.url)
	return err
}
