// Package libs: every sink under a worker loop's context.
package libs

import (
	"context"
	"database/sql"

	pgx4 "github.com/jackc/pgx/v4"
	pgxpool4 "github.com/jackc/pgx/v4/pgxpool"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/twmb/franz-go/pkg/kgo"
)

func stopped(ctx context.Context) bool { return ctx.Err() != nil }

func Worker(ctx context.Context, conn4 *pgx4.Conn, pool4 *pgxpool4.Pool, pool *pgxpool.Pool, conn *pgx.Conn, db *sql.DB, dbConn *sql.Conn, cl *kgo.Client) {
	fn4 := func(pgx4.Tx) error { return nil }
	for {
		select {
		case <-ctx.Done():
			return
		default:
		}
		_ = conn4.BeginFunc(ctx, fn4)                     // want `reaches conn.BeginFunc`
		_ = conn4.BeginTxFunc(ctx, pgx4.TxOptions{}, fn4) // want `reaches conn.BeginTxFunc`
		_ = pool4.BeginFunc(ctx, fn4)                     // want `reaches pool.BeginFunc`
		_ = pool4.BeginTxFunc(ctx, pgx4.TxOptions{}, fn4) // want `reaches pool.BeginTxFunc`
		tx4, _ := conn4.Begin(ctx)
		_ = tx4.Commit(ctx)                                                                // want `reaches tx.Commit`
		_ = pgx.BeginTxFunc(ctx, conn, pgx.TxOptions{}, func(pgx.Tx) error { return nil }) // want `reaches pgx.BeginTxFunc`
		tx, _ := pool.Begin(ctx)
		_ = tx.Commit(ctx)             // want `reaches tx.Commit`
		stx, _ := db.BeginTx(ctx, nil) // want `reaches db.BeginTx`
		_ = stx.Commit()
		ctx2 := context.WithValue(ctx, struct{}{}, 1)
		ctx3, cancel := context.WithCancel(ctx2)
		ctx4, cancel4 := context.WithTimeout(ctx3, 0)
		ctx5, cancel5 := context.WithDeadline(ctx4, time0())
		_, _ = dbConn.BeginTx(ctx5, nil) // want `ctx5 is cancelled on shutdown .* reaches conn.BeginTx`
		cancel5()
		cancel4()
		cancel()
		_ = cl.ProduceSync(ctx, &kgo.Record{}).FirstErr() // want `reaches client.ProduceSync`
		if stopped(ctx) {
			return
		}
	}
}
