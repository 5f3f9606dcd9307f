// Package funcfield keeps the network call in a struct field and a map of
// handlers.
package funcfield

import (
	"context"
	"database/sql"
	"net/http"
)

type Worker struct {
	db       *sql.DB
	post     func(url string) (*http.Response, error)
	handlers map[string]func(ctx context.Context) error
}

func NewWorker(db *sql.DB, c *http.Client) *Worker {
	w := &Worker{db: db, post: func(url string) (*http.Response, error) { return c.Post(url, "application/json", nil) }}
	w.handlers = map[string]func(ctx context.Context) error{"ping": w.ping}
	return w
}

func (w *Worker) ping(ctx context.Context) error {
	_, err := http.Get("https://status.example.com")
	return err
}

func (w *Worker) Handle(ctx context.Context, kind string) error {
	tx, err := w.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	_, _ = tx.Exec("UPDATE account SET seen = true")               // the transaction writes
	if _, err := w.post("https://hooks.example.com"); err != nil { // want `HTTP call \(\*http\.Client\)\.Post inside the transaction begun at funcfield\.go:29`
		return err
	}
	if err := w.handlers[kind](ctx); err != nil { // want `HTTP call funcfield\.\(\*Worker\)\.ping → http\.Get inside the transaction begun at funcfield\.go:29`
		return err
	}
	return tx.Commit()
}

// HandleAfter calls them after the commit.
func (w *Worker) HandleAfter(ctx context.Context, kind string) error {
	tx, err := w.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	if _, err := w.post("https://hooks.example.com"); err != nil {
		return err
	}
	return w.handlers[kind](ctx)
}
