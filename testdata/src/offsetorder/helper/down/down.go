// Package down commits through package up's helpers.
package down

import (
	"context"
	"database/sql"

	"github.com/segmentio/kafka-go"

	"offsetorder/helper/up"
)

// Bad: the commit is in another package.
func Consume(ctx context.Context, r *kafka.Reader, db *sql.DB) { // want Consume:"commitsOffset" Consume:"durableWork"
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		up.Ack(ctx, r, m) // want `offset committed by up.Ack → \(\*kafka.Reader\).CommitMessages before up.Store → \(\*sql.DB\).ExecContext \(down.go:21\)`
		up.Store(ctx, db, m.Key)
	}
}

// Good: the helpers in the right order; Format is not work.
func ConsumeOK(ctx context.Context, r *kafka.Reader, db *sql.DB) { // want ConsumeOK:"commitsOffset" ConsumeOK:"durableWork"
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		if err := up.Store(ctx, db, m.Key); err != nil {
			continue
		}
		up.Ack(ctx, r, m)
		_ = up.Format(m.Key)
	}
}
