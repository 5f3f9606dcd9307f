// Package asynq enqueues asynq tasks (a Redis-backed task queue) around
// database writes: an enqueue is a publish, so a row written and then a
// task enqueued with no outbox is a dual write.
package asynq

import (
	"context"
	"database/sql"

	"github.com/hibiken/asynq"
)

type Service struct {
	db    *sql.DB
	tasks *asynq.Client
}

// SignUp writes the user, then enqueues the welcome mail: a crash or a
// Redis error between them leaves a user who never gets it.
func (s *Service) SignUp(ctx context.Context, name string) error {
	if _, err := s.db.ExecContext(ctx, `INSERT INTO users (name) VALUES ($1)`, name); err != nil {
		return err
	}
	_, err := s.tasks.Enqueue(asynq.NewTask("user:welcome", []byte(name))) // want `writes to the database \(\(\*sql.DB\).ExecContext\) and then publishes \(\(\*asynq.Client\).Enqueue\)`
	return err
}

// SignUpInTx enqueues inside the transaction: if the commit fails, the
// task runs for a user that was rolled back (a welcome mail to nobody).
func (s *Service) SignUpInTx(ctx context.Context, name string) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `INSERT INTO users (name) VALUES ($1)`, name); err != nil {
		return err
	}
	if _, err := s.tasks.EnqueueContext(ctx, asynq.NewTask("user:welcome", []byte(name))); err != nil { // want `publishes \(\(\*asynq.Client\).EnqueueContext\) inside the transaction`
		return err
	}
	return tx.Commit()
}

// Remind only enqueues: no write.
func (s *Service) Remind(ctx context.Context, name string) error {
	_, err := s.tasks.EnqueueContext(ctx, asynq.NewTask("user:remind", []byte(name)))
	return err
}

// HandleWelcome is an asynq task handler: it records the mail and enqueues
// the next step; a failure returns the error and asynq retries the task,
// so nothing is lost between the two (a consumer).
func (s *Service) HandleWelcome(ctx context.Context, t *asynq.Task) error {
	if _, err := s.db.ExecContext(ctx, `UPDATE users SET welcomed = true WHERE name = $1`, string(t.Payload())); err != nil {
		return err
	}
	_, err := s.tasks.EnqueueContext(ctx, asynq.NewTask("user:followup", t.Payload()))
	return err
}
