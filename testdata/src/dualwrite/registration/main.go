// Package registration registers handlers and starts goroutines: their
// literals do not run as part of the registering call.
package registration

import (
	"context"
	"net/http"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/segmentio/kafka-go"
)

type App struct {
	pool *pgxpool.Pool
	w    *kafka.Writer
}

func (a *App) Routes(mux *http.ServeMux) {
	mux.HandleFunc("/publish", func(w http.ResponseWriter, r *http.Request) {
		_ = a.w.WriteMessages(r.Context(), kafka.Message{Value: []byte("x")})
	})
	mux.HandleFunc("/write", func(w http.ResponseWriter, r *http.Request) {
		_, _ = a.pool.Exec(r.Context(), `INSERT INTO hits (path) VALUES ('/write')`)
	})
}

// Each runs its operation on the spot: a write made through it counts.
func Each(ctx context.Context, f func(context.Context) error) error { return f(ctx) }

func (a *App) Inline(ctx context.Context) error {
	if err := Each(ctx, func(ctx context.Context) error {
		_, err := a.pool.Exec(ctx, `INSERT INTO hits (path) VALUES ('inline')`)
		return err
	}); err != nil {
		return err
	}
	return a.w.WriteMessages(ctx, kafka.Message{Value: []byte("inline")}) // want `\(\*App\)\.Inline writes to the database \(\(\*pgxpool\.Pool\)\.Exec\) and then publishes`
}
