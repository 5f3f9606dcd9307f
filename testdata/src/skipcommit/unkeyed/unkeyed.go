// Package unkeyed holds per-message handlers whose failing call takes
// none of the message's data (it picks a worker, takes a lock), called by
// a loop that commits each message after the handler returns.
package unkeyed

import (
	"context"
	"database/sql"
	"encoding/json"
	"log"

	"github.com/segmentio/kafka-go"
)

type request struct {
	OrderID string `json:"order_id"`
}

func loop(ctx context.Context, r *kafka.Reader, handler func(ctx context.Context, m kafka.Message)) {
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		handler(ctx, m)
		if err := r.CommitMessages(ctx, m); err != nil {
			log.Printf("commit: %v", err)
		}
	}
}

func pickWorker(ctx context.Context, db *sql.DB) (string, error) {
	var id string
	err := db.QueryRowContext(ctx, `SELECT id FROM workers WHERE free LIMIT 1`).Scan(&id)
	return id, err
}

func assign(ctx context.Context, db *sql.DB, worker, order string) error {
	_, err := db.ExecContext(ctx, `INSERT INTO assignments (worker_id, order_id) VALUES ($1, $2)`, worker, order)
	return err
}

func flushCache(ctx context.Context, db *sql.DB) error {
	_, err := db.ExecContext(ctx, `REFRESH MATERIALIZED VIEW assignment_stats`)
	return err
}

// Bad: no free worker can be picked (the database is down): the handler
// logs and returns, the loop commits, and the order never gets one.
func handleAssign(ctx context.Context, m kafka.Message, db *sql.DB) {
	var req request
	if err := json.Unmarshal(m.Value, &req); err != nil {
		return
	}
	worker, err := pickWorker(ctx, db)
	if err != nil {
		log.Printf("pick: %v", err)
		return // want `pickWorker fails \(unkeyed\.go:\d+\) and handleAssign returns without an error \(it has no result to report one\): its caller then commits the message`
	}
	if err := assign(ctx, db, worker, req.OrderID); err != nil {
		log.Printf("assign: %v", err)
		return // want `assign fails \(unkeyed\.go:\d+\) and handleAssign returns without an error`
	}
	// Good: after the assignment is recorded, refreshing a view is
	// housekeeping; its failure loses nothing of the message.
	if err := flushCache(ctx, db); err != nil {
		log.Printf("refresh: %v", err)
		return
	}
}

func runAssign(ctx context.Context, r *kafka.Reader, db *sql.DB) {
	loop(ctx, r, func(ctx context.Context, m kafka.Message) {
		handleAssign(ctx, m, db)
	})
}

// Good: the unkeyed failure goes back as an error; the caller does not
// commit past it.
func handleOrFail(ctx context.Context, m kafka.Message, db *sql.DB) error {
	worker, err := pickWorker(ctx, db)
	if err != nil {
		return err
	}
	return assign(ctx, db, worker, string(m.Key))
}

func runOrStop(ctx context.Context, r *kafka.Reader, db *sql.DB) error {
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := handleOrFail(ctx, m, db); err != nil {
			return err
		}
		if err := r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}

// Good: a loop's unkeyed call before the receive has no message to lose
// (it waits for a free worker)
// (only per-message handlers are judged for unkeyed calls).
func pollWhenReady(ctx context.Context, msgs <-chan kafka.Message, r *kafka.Reader, db *sql.DB) error {
	for {
		worker, err := pickWorker(ctx, db)
		if err != nil {
			log.Printf("no worker yet: %v", err)
			continue
		}
		m := <-msgs
		if err := assign(ctx, db, worker, string(m.Key)); err != nil {
			return err
		}
		if err := r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}
