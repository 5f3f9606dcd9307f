// Package tasks handles an asynq task: it records the mail as sent and
// enqueues the follow-up. A failure returns the error, and asynq retries
// the task, so a crash between the write and the enqueue redelivers it
// (a consumer, not a dual write).
package tasks

import (
	"context"
	"database/sql"

	"github.com/hibiken/asynq"
)

type Handler struct {
	db    *sql.DB
	tasks *asynq.Client
}

// ProcessTask is the asynq handler of the verification mail.
func (h *Handler) ProcessTask(ctx context.Context, t *asynq.Task) error {
	if _, err := h.db.ExecContext(ctx, `UPDATE users SET verify_sent_at = now() WHERE email = $1`, string(t.Payload())); err != nil {
		return err
	}
	_, err := h.tasks.EnqueueContext(ctx, asynq.NewTask("email:followup", t.Payload()))
	return err
}
