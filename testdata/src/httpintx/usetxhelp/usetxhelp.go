package usetxhelp

import (
	"context"
	"net/http"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jmoiron/sqlx"

	"httpintx/txhelp"
)

// CommitHelper commits through another package's helper: the call after it
// is outside the transaction.
func CommitHelper(ctx context.Context, db *sqlx.DB, c *http.Client, req *http.Request) error {
	tx, err := db.BeginTxx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, "UPDATE orders SET status = 'CONFIRMED'"); err != nil {
		return err
	}
	if err := txhelp.Commit(tx); err != nil {
		return err
	}
	_, err = c.Do(req)
	return err
}

// FinishHelper ends the transaction through a helper that calls another.
func FinishHelper(ctx context.Context, db *sqlx.DB, url string) error {
	tx, err := db.BeginTxx(ctx, nil)
	if err != nil {
		return err
	}
	_, err = tx.ExecContext(ctx, "UPDATE orders SET status = 'CONFIRMED'")
	if err := txhelp.Finish(tx, err); err != nil {
		return err
	}
	_, err = http.Get(url)
	return err
}

// TouchHelper calls a helper that does not end the transaction.
func TouchHelper(ctx context.Context, db *sqlx.DB, url string) error {
	tx, err := db.BeginTxx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := txhelp.Touch(ctx, tx); err != nil {
		return err
	}
	if _, err := http.Get(url); err != nil { // want `HTTP call http\.Get inside the transaction begun at usetxhelp\.go:48`
		return err
	}
	return tx.Commit()
}

// UnitScored calls out while the unit of work is open.
func UnitScored(ctx context.Context, m *txhelp.Manager, url string) error {
	uow, err := m.Begin(ctx)
	if err != nil {
		return err
	}
	defer uow.Close(ctx)
	if _, err := uow.Tx().Exec(ctx, "UPDATE accounts SET held = held + 1"); err != nil {
		return err
	}
	if _, err := http.Get(url); err != nil { // want `HTTP call http\.Get inside the transaction begun at usetxhelp\.go:64`
		return err
	}
	return uow.Commit(ctx)
}

// UnitAfter calls out after the unit of work is committed.
func UnitAfter(ctx context.Context, m *txhelp.Manager, url string) error {
	uow, err := m.Begin(ctx)
	if err != nil {
		return err
	}
	defer uow.Close(ctx)
	if _, err := uow.Tx().Exec(ctx, "UPDATE accounts SET held = held + 1"); err != nil {
		return err
	}
	if err := uow.Commit(ctx); err != nil {
		return err
	}
	_, err = http.Get(url)
	return err
}

// UnitFailed calls out when the unit of work failed to begin.
func UnitFailed(ctx context.Context, m *txhelp.Manager, url string) error {
	uow, err := txhelp.Start(ctx, m)
	if err != nil {
		_, _ = http.Get(url)
		return err
	}
	defer uow.Close(ctx)
	_, _ = uow.Tx().Exec(ctx, "UPDATE account SET seen = true") // the unit of work writes
	if _, err := http.Get(url); err != nil {                    // want `HTTP call http\.Get inside the transaction begun at usetxhelp\.go:97`
		return err
	}
	return uow.Commit(ctx)
}

// UnitGetter commits through the getter and calls out after it.
func UnitGetter(ctx context.Context, pool *pgxpool.Pool, url string) error {
	uow, err := txhelp.Open(ctx, pool)
	if err != nil {
		return err
	}
	if err := uow.Tx().Commit(ctx); err != nil {
		return err
	}
	_, err = http.Get(url)
	return err
}

// Wrapped holds a transaction Wrap did not begin: not a begin here.
func Wrapped(ctx context.Context, get func() pgx.Tx, url string) error {
	uow := txhelp.Wrap(get())
	_ = uow
	_, err := http.Get(url)
	return err
}

// Repo holds a pool: no transaction.
func Repo(ctx context.Context, pool *pgxpool.Pool, url string) error {
	r, err := txhelp.NewRepo(pool)
	if err != nil {
		return err
	}
	_ = r
	_, err = http.Get(url)
	return err
}
