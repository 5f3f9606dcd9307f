// Package relay is an outbox worker (batch4 sweep). Each tick it claims a
// batch in one transaction on the shutdown context (SELECT ... FOR UPDATE
// SKIP LOCKED, then status PROCESSING), and only after that transaction
// publishes each row and marks it, on contexts detached from shutdown with
// their own timeout. A SIGTERM that cuts the claim rolls it back: the rows
// stay PENDING for the next run, nothing was published, nothing is lost or
// sent twice. The claim must stay silent.
package relay

import (
	"context"
	"database/sql"
	"os"
	"os/signal"
	"syscall"
	"time"
)

type Event struct {
	ID      string
	Payload []byte
}

type Publisher interface {
	Publish(ctx context.Context, ev Event) error
}

func claim(ctx context.Context, db *sql.DB, limit int) ([]Event, error) {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	rows, err := tx.QueryContext(ctx, `SELECT id, payload FROM outbox WHERE status = 'PENDING' ORDER BY created_at LIMIT $1 FOR UPDATE SKIP LOCKED`, limit)
	if err != nil {
		return nil, err
	}
	var evs []Event
	for rows.Next() {
		var ev Event
		if err := rows.Scan(&ev.ID, &ev.Payload); err != nil {
			rows.Close()
			return nil, err
		}
		evs = append(evs, ev)
	}
	rows.Close()
	for _, ev := range evs {
		if _, err := tx.ExecContext(ctx, `UPDATE outbox SET status = 'PROCESSING' WHERE id = $1`, ev.ID); err != nil {
			return nil, err
		}
	}
	return evs, tx.Commit()
}

func publishAll(db *sql.DB, pub Publisher, evs []Event) {
	for _, ev := range evs {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		if err := pub.Publish(ctx, ev); err == nil {
			_, _ = db.ExecContext(ctx, `UPDATE outbox SET status = 'PROCESSED' WHERE id = $1`, ev.ID)
		} else {
			_, _ = db.ExecContext(ctx, `UPDATE outbox SET status = 'PENDING' WHERE id = $1`, ev.ID)
		}
		cancel()
	}
}

func Run(db *sql.DB, pub Publisher) {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	t := time.NewTicker(500 * time.Millisecond)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			evs, err := claim(ctx, db, 50)
			if err != nil {
				continue
			}
			publishAll(db, pub, evs)
		}
	}
}
