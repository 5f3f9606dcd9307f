// Package wrappedconsumer commits through the project's own reader type,
// after a dead-letter publish on the failure path.
package wrappedconsumer

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/segmentio/kafka-go"
)

type Reader struct{ r *kafka.Reader }

func (r *Reader) Fetch(ctx context.Context) (kafka.Message, error) { return r.r.FetchMessage(ctx) }

func (r *Reader) Commit(ctx context.Context, m kafka.Message) error {
	return r.r.CommitMessages(ctx, m)
}

type Loop struct {
	in   *Reader
	dlq  *kafka.Writer
	pool *pgxpool.Pool
}

func (l *Loop) store(ctx context.Context, v []byte) error {
	_, err := l.pool.Exec(ctx, `INSERT INTO notifications (body) VALUES ($1)`, v)
	return err
}

func (l *Loop) Run(ctx context.Context) error {
	for {
		m, err := l.in.Fetch(ctx)
		if err != nil {
			return err
		}
		err = l.store(ctx, m.Value)
		if err == nil {
			_ = l.in.Commit(ctx, m)
			continue
		}
		_ = l.dlq.WriteMessages(ctx, kafka.Message{Value: m.Value})
		if _, err := l.pool.Exec(ctx, `UPDATE notifications SET dead = true WHERE body = $1`, m.Value); err != nil {
			return err
		}
		_ = l.in.Commit(ctx, m)
	}
}
