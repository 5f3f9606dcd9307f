package errpath

import (
	"context"
	"database/sql"
	"net/http"
)

func Handle(ctx context.Context, db *sql.DB, c *http.Client, alert *http.Request) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, "UPDATE orders SET state = 'paid'"); err != nil {
		c.Do(alert) // want `HTTP call \(\*http\.Client\)\.Do inside the transaction begun at errpath\.go:10`
		tx.Rollback()
		return err
	}
	if err := tx.Commit(); err != nil {
		c.Do(alert) // committed or not, the transaction is over
		return err
	}
	return nil
}

// finish ends the transaction it is passed.
func finish(tx *sql.Tx, err error) error {
	if err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit()
}

func HandleFinish(ctx context.Context, db *sql.DB, c *http.Client, r *http.Request) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	_, err = tx.ExecContext(ctx, "UPDATE orders SET state = 'paid'")
	if err := finish(tx, err); err != nil {
		return err
	}
	_, err = c.Do(r)
	return err
}

// Loop begins one transaction per item and commits it before the call.
func Loop(ctx context.Context, db *sql.DB, urls []string) error {
	for _, u := range urls {
		tx, err := db.BeginTx(ctx, nil)
		if err != nil {
			return err
		}
		if err := tx.Commit(); err != nil {
			return err
		}
		http.Get(u)
	}
	return nil
}
