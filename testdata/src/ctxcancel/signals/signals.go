// Package signals: contexts tied to shutdown by signal.NotifyContext and signal.Notify.
package signals

import (
	"context"
	"database/sql"
	"os"
	"os/signal"
	"syscall"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

func runBatch(ctx context.Context, pool *pgxpool.Pool) error {
	return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error { return nil }) // want `ctx is cancelled on shutdown \(stop signal signal\.NotifyContext at signals\.go:20, via MainNotifyContext\) and reaches pgx\.BeginFunc: SIGTERM rolls the batch back; give it context\.WithTimeout\(context\.WithoutCancel\(ctx\), d\) here or in MainNotifyContext`
}

func MainNotifyContext(pool *pgxpool.Pool) {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM)
	defer stop()
	_ = runBatch(ctx, pool)
}

func MainNotifyGoroutine(db *sql.DB) {
	ctx, cancel := context.WithCancel(context.Background())
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, syscall.SIGTERM, os.Interrupt)
	go func() {
		<-sig
		cancel()
	}()
	tx, err := db.BeginTx(ctx, nil) // want `ctx is cancelled on shutdown \(stop signal cancel after signal\.Notify at signals\.go:31\) and reaches db\.BeginTx: SIGTERM rolls the transaction back; give it context\.WithTimeout\(context\.WithoutCancel\(ctx\), d\) so that work already started can finish`
	if err != nil {
		return
	}
	_ = tx.Commit()
}

func MainNotifySelect(pool *pgxpool.Pool) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, syscall.SIGTERM)
	go func() {
		select {
		case <-sig:
			cancel()
		case <-ctx.Done():
		}
	}()
	_ = runBatch(ctx, pool)
}

// A WithCancel context whose cancel is only deferred is not a shutdown signal.
func PlainCancel(pool *pgxpool.Pool) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	_ = runBatch(ctx, pool)
}
