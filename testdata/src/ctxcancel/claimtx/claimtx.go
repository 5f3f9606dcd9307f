// Package claimtx: a relay that claims its batch in a transaction of its
// own on the shutdown context, then publishes on a detached one. A cut
// claim rolls back and the rows wait for the next run: harmless. The same
// context on a transaction that does more than claim is reported.
package claimtx

import (
	"context"
	"database/sql"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/segmentio/kafka-go"
)

type Row struct {
	ID      string
	Payload []byte
}

// claim locks a batch and marks it PROCESSING: a claim (left alone).
func claim(ctx context.Context, db *sql.DB) ([]Row, error) {
	tx, err := db.BeginTx(ctx, &sql.TxOptions{Isolation: sql.LevelReadCommitted})
	if err != nil {
		return nil, err
	}
	defer func() { _ = tx.Rollback() }()
	rows, err := tx.QueryContext(ctx, `SELECT id, payload FROM outbox WHERE status = 'PENDING' ORDER BY id LIMIT 100 FOR UPDATE SKIP LOCKED`)
	if err != nil {
		return nil, err
	}
	var out []Row
	for rows.Next() {
		var r Row
		if err := rows.Scan(&r.ID, &r.Payload); err != nil {
			rows.Close()
			return nil, err
		}
		out = append(out, r)
	}
	rows.Close()
	for _, r := range out {
		if _, err := tx.ExecContext(ctx, `UPDATE outbox SET status = 'PROCESSING', claimed_at = now() WHERE id = $1`, r.ID); err != nil {
			return nil, err
		}
	}
	return out, tx.Commit()
}

// claimOne is the one-statement claim: UPDATE ... WHERE id IN (SELECT ...
// FOR UPDATE SKIP LOCKED) RETURNING (left alone).
func claimOne(ctx context.Context, db *sql.DB) (Row, error) {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return Row{}, err
	}
	defer tx.Rollback()
	var r Row
	err = tx.QueryRowContext(ctx, `UPDATE outbox SET status = 'PROCESSING' WHERE id = (SELECT id FROM outbox WHERE status = 'PENDING' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id, payload`).Scan(&r.ID, &r.Payload)
	if err != nil {
		return Row{}, err
	}
	return r, tx.Commit()
}

// markThenClaim marks the previous batch sent before it claims the next:
// a cut rolls the mark back after the publish, and the batch is sent again.
func markThenClaim(ctx context.Context, db *sql.DB, sent []string) ([]Row, error) {
	tx, err := db.BeginTx(ctx, nil) // want `reaches db\.BeginTx`
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	for _, id := range sent {
		if _, err := tx.ExecContext(ctx, `UPDATE outbox SET status = 'SENT' WHERE id = $1`, id); err != nil {
			return nil, err
		}
	}
	var r Row
	if err := tx.QueryRowContext(ctx, `SELECT id, payload FROM outbox WHERE status = 'PENDING' LIMIT 1 FOR UPDATE SKIP LOCKED`).Scan(&r.ID, &r.Payload); err != nil {
		return nil, err
	}
	return []Row{r}, tx.Commit()
}

// debit locks a balance and subtracts from it: not repeatable, a commit
// that went through before the cut is applied twice on the retry.
func debit(ctx context.Context, db *sql.DB, account string, amount int64) (int64, error) {
	tx, err := db.BeginTx(ctx, nil) // want `reaches db\.BeginTx`
	if err != nil {
		return 0, err
	}
	defer tx.Rollback()
	var balance int64
	if err := tx.QueryRowContext(ctx, `SELECT balance FROM account WHERE id = $1 FOR UPDATE`, account).Scan(&balance); err != nil {
		return 0, err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE account SET balance = balance - $1 WHERE id = $2`, amount, account); err != nil {
		return 0, err
	}
	return balance - amount, tx.Commit()
}

// claimAndPublish publishes inside the claim: the message leaves before
// the commit that a cut undoes.
func claimAndPublish(ctx context.Context, db *sql.DB, w *kafka.Writer) ([]Row, error) {
	tx, err := db.BeginTx(ctx, nil) // want `reaches db\.BeginTx`
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	var r Row
	if err := tx.QueryRowContext(ctx, `SELECT id, payload FROM outbox WHERE status = 'PENDING' LIMIT 1 FOR UPDATE SKIP LOCKED`).Scan(&r.ID, &r.Payload); err != nil {
		return nil, err
	}
	if err := w.WriteMessages(ctx, kafka.Message{Value: r.Payload}); err != nil { // want `reaches writer\.WriteMessages`
		return nil, err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE outbox SET status = 'SENT' WHERE id = $1`, r.ID); err != nil {
		return nil, err
	}
	return []Row{r}, tx.Commit()
}

// markSent returns only an error: it claims no work, it records work done.
func markSent(ctx context.Context, db *sql.DB, id string) error {
	tx, err := db.BeginTx(ctx, nil) // want `reaches db\.BeginTx`
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var r Row
	if err := tx.QueryRowContext(ctx, `SELECT id FROM outbox WHERE id = $1 FOR UPDATE`, id).Scan(&r.ID); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE outbox SET status = 'SENT' WHERE id = $1`, id); err != nil {
		return err
	}
	return tx.Commit()
}

func publish(w *kafka.Writer, rows []Row) []string {
	var ids []string
	for _, r := range rows {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		if w.WriteMessages(ctx, kafka.Message{Value: r.Payload}) == nil {
			ids = append(ids, r.ID)
		}
		cancel()
	}
	return ids
}

func Run(db *sql.DB, w *kafka.Writer) {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	var sent []string
	for ctx.Err() == nil {
		rows, err := claim(ctx, db)
		if err != nil {
			continue
		}
		if r, err := claimOne(ctx, db); err == nil {
			rows = append(rows, r)
		}
		sent = publish(w, rows)
		for _, id := range sent {
			_ = markSent(ctx, db, id)
		}
		_, _ = markThenClaim(ctx, db, sent)
		_, _ = debit(ctx, db, "a", 1)
		_, _ = claimAndPublish(ctx, db, w)
	}
}
