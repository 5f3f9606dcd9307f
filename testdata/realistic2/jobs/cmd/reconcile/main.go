// Command reconcile re-reads the bank's statement and fixes transfer states.
package main

import (
	"context"
	"database/sql"
	"log"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"example.com/corpus2/jobs/internal/bank"
	"example.com/corpus2/jobs/internal/settle"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	db, err := sql.Open("postgres", os.Getenv("DATABASE_URL"))
	if err != nil {
		log.Fatal(err)
	}
	defer db.Close()
	bc := &bank.Client{HTTP: &http.Client{Timeout: 10 * time.Second}, BaseURL: os.Getenv("BANK_URL")}
	if err := reconcile(ctx, db, bc); err != nil {
		log.Fatal(err)
	}
	_ = settle.Settler{}
}

type pending struct {
	id     string
	bankID string
}

func reconcile(ctx context.Context, db *sql.DB, bc *bank.Client) error {
	rows, err := db.QueryContext(ctx, `SELECT id, bank_ref FROM transfers WHERE status = 'SENT'`)
	if err != nil {
		return err
	}
	var todo []pending
	for rows.Next() {
		var p pending
		if err := rows.Scan(&p.id, &p.bankID); err != nil {
			rows.Close()
			return err
		}
		todo = append(todo, p)
	}
	rows.Close()
	for _, p := range todo {
		rcpt, err := bc.Status(ctx, p.bankID)
		if err != nil {
			return err
		}
		if err := apply(ctx, db, p.id, rcpt.Status); err != nil {
			return err
		}
	}
	return nil
}

// apply updates one transfer and its journal in a transaction on the
// caller's context.
func apply(ctx context.Context, db *sql.DB, id, status string) error {
	tx, err := db.BeginTx(ctx, nil) // want: ctxcancel
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `UPDATE transfers SET status = $2 WHERE id = $1`, id, status); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO transfer_journal (transfer_id, status) VALUES ($1, $2)`, id, status); err != nil {
		return err
	}
	return tx.Commit()
}
