// Package signup stores a user with database/sql and then enqueues the
// verification mail on asynq (a Redis-backed task queue): a crash or a
// Redis error between the two leaves a user who never gets the mail.
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

// Register writes the user, then enqueues the task: a dual write.
func (s *Service) Register(ctx context.Context, name, email string) error {
	if _, err := s.db.ExecContext(ctx, `INSERT INTO users (name, email) VALUES ($1, $2)`, name, email); err != nil {
		return err
	}
	_, err := s.tasks.EnqueueContext(ctx, asynq.NewTask("email:verify", []byte(email))) // want: dualwrite
	return err
}
