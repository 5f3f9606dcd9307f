// Package signup stores a new account and then enqueues its verification
// task on asynq, a Redis-backed task queue: two systems written one after the
// other with nothing tying them together. A crash or a Redis error between
// the INSERT and the enqueue leaves an account whose verification task never
// exists, and a retried request fails on the duplicate row (batch 5: the
// sign-up handler of a wallet service). asynq's enqueue is a publish like a
// Kafka produce: the fix is the same outbox row, or River's transactional
// insert.
package signup

import (
	"context"
	"database/sql"

	"github.com/hibiken/asynq"
)

type Service struct {
	db    *sql.DB
	tasks *asynq.Client
}

// Register writes the account, then enqueues: the dual write.
func (s *Service) Register(ctx context.Context, name, email string) error {
	if _, err := s.db.ExecContext(ctx, `INSERT INTO accounts (name, email) VALUES ($1, $2)`, name, email); err != nil {
		return err
	}
	task := asynq.NewTask("account:verify", []byte(email))
	_, err := s.tasks.EnqueueContext(ctx, task) // want `writes to the database .* and then publishes .*EnqueueContext`
	return err
}

// Remind only enqueues: no write, nothing to report.
func (s *Service) Remind(ctx context.Context, email string) error {
	_, err := s.tasks.Enqueue(asynq.NewTask("account:remind", []byte(email)))
	return err
}

// Outbox writes the account and the task's outbox row in one transaction; a
// relay enqueues later: silent.
func (s *Service) Outbox(ctx context.Context, name, email string) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `INSERT INTO accounts (name, email) VALUES ($1, $2)`, name, email); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO task_outbox (kind, payload) VALUES ('account:verify', $1)`, email); err != nil {
		return err
	}
	return tx.Commit()
}
