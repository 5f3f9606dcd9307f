// Package main replays the day's changes once at boot on the signal
// context, then polls. A cut replay is safe only if the next start re-applies
// the same changes harmlessly, which the code does not show: the finding
// stays and says so. The poll loop's commit is not startup work.
package main

import (
	"context"
	"database/sql"
	"os"
	"os/signal"
	"time"
)

func replay(ctx context.Context, db *sql.DB) error {
	tx, err := db.BeginTx(ctx, nil) // want `ctx is cancelled on shutdown \(stop signal signal.NotifyContext at main.go:29, via main\) and reaches db.BeginTx: SIGTERM rolls the transaction back; give it context.WithTimeout\(context.WithoutCancel\(ctx\), d\) here or in main; startup work is safe only if a restart re-applies the same changes harmlessly \(then //idemlint:ignore ctxcancel <reason>\)`
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `UPDATE balances SET total = total + delta FROM changes`); err != nil {
		return err
	}
	return tx.Commit()
}

func main() {
	db, _ := sql.Open("postgres", "")
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	_ = replay(ctx, db)
	for range time.Tick(time.Second) {
		tx, err := db.BeginTx(ctx, nil) // want `ctx is cancelled on shutdown \(stop signal signal.NotifyContext at main.go:29\) and reaches db.BeginTx: SIGTERM rolls the transaction back; give it context.WithTimeout\(context.WithoutCancel\(ctx\), d\) so that work already started can finish$`
		if err == nil {
			_ = tx.Commit()
		}
	}
}
