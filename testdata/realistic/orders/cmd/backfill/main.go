// Command backfill fills orders.total_cents from order lines in chunks.
package main

import (
	"context"
	"database/sql"
	"log"
	"os"
	"os/signal"
	"syscall"

	_ "github.com/jackc/pgx/v5/stdlib"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	db, err := sql.Open("pgx", os.Getenv("DATABASE_URL"))
	if err != nil {
		log.Fatal(err)
	}
	defer db.Close()
	for ctx.Err() == nil {
		n, err := chunk(ctx, db)
		if err != nil {
			log.Fatal(err)
		}
		if n == 0 {
			return
		}
		log.Printf("backfilled %d orders", n)
	}
}

func chunk(ctx context.Context, db *sql.DB) (int64, error) {
	tx, err := db.BeginTx(ctx, nil) // want: ctxcancel
	if err != nil {
		return 0, err
	}
	defer tx.Rollback()
	res, err := tx.ExecContext(ctx, `
		UPDATE orders o SET total_cents = s.total
		FROM (SELECT order_id, sum(qty * price_cents) AS total FROM order_lines GROUP BY order_id) s
		WHERE o.id = s.order_id AND o.id IN (SELECT id FROM orders WHERE total_cents IS NULL LIMIT 1000)`)
	if err != nil {
		return 0, err
	}
	n, _ := res.RowsAffected()
	return n, tx.Commit()
}
