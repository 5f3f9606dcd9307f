package structtx

import (
	"context"
	"database/sql"
	"net/http"
)

// Saver is what a per-message scope hands out: the repository built on
// the message's transaction, behind an interface.
type Saver interface {
	Save(ctx context.Context, id string) error
}

func Scoped(tx *sql.Tx, client *http.Client) Saver { return &Repo{db: tx, client: client} } // want Scoped:"readsOnly"

// The scoped repository is kept in a local before the call: the
// transaction is not read-only for all that.
func HandleScoped(ctx context.Context, db *sql.DB, client *http.Client, id string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	saver := Scoped(tx, client)
	if err := saver.Save(ctx, id); err != nil { // want `HTTP call structtx\.Saver\.Save → structtx\.\(\*Repo\)\.Save → \(\*http\.Client\)\.Get inside the transaction begun at scoped\.go:20`
		return err
	}
	return tx.Commit()
}
