package beginfunc

import (
	"context"
	"net/http"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

func Handle(ctx context.Context, pool *pgxpool.Pool, url string) error {
	return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, "INSERT INTO processed_event (id) VALUES ($1)", "e1"); err != nil {
			return err
		}
		_, err := http.Post(url, "application/json", nil) // want `HTTP call http\.Post inside the transaction begun at beginfunc\.go:12`
		return err
	})
}

func HandleTx(ctx context.Context, conn *pgx.Conn, url string) error {
	return pgx.BeginTxFunc(ctx, conn, pgx.TxOptions{}, func(tx pgx.Tx) error {
		_, _ = tx.Exec(ctx, "UPDATE account SET seen = true") // the transaction writes
		_, err := http.Get(url)                               // want `HTTP call http\.Get inside the transaction begun at beginfunc\.go:22`
		return err
	})
}

type Handler struct{ url string }

// process is passed by name to BeginFunc.
func (h *Handler) process(tx pgx.Tx) error {
	_, _ = tx.Exec(context.Background(), "UPDATE account SET seen = true") // the transaction writes
	_, err := http.Get(h.url)                                              // want `HTTP call http\.Get inside the transaction begun at beginfunc\.go:39`
	return err
}

func (h *Handler) Run(ctx context.Context, pool *pgxpool.Pool) error {
	return pgx.BeginFunc(ctx, pool, h.process)
}

// After calls after BeginFunc returned: the transaction is over.
func After(ctx context.Context, pool *pgxpool.Pool, url string) error {
	if err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, "INSERT INTO outbox (key) VALUES ('k')")
		return err
	}); err != nil {
		return err
	}
	_, err := http.Get(url)
	return err
}
