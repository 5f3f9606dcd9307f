// Package publishfirst publishes with kafka-go and then inserts with
// database/sql.
package publishfirst

import (
	"context"
	"database/sql"

	"github.com/segmentio/kafka-go"
)

type Lottery struct {
	db *sql.DB
	w  *kafka.Writer
}

func (l *Lottery) Conclude(ctx context.Context, id int64, winner string) error {
	if err := l.w.WriteMessages(ctx, kafka.Message{Value: []byte(winner)}); err != nil { // want `\(\*Lottery\)\.Conclude publishes \(\(\*kafka\.Writer\)\.WriteMessages\) before it writes to the database \(\(\*sql\.DB\)\.ExecContext\) with no outbox: if the write fails, the event announces a change that never happened`
		return err
	}
	_, err := l.db.ExecContext(ctx, "INSERT INTO lotteries (id, winner) VALUES (?, ?)", id, winner)
	return err
}

// Notify publishes and then only reads.
func (l *Lottery) Notify(ctx context.Context, id int64) error {
	if err := l.w.WriteMessages(ctx, kafka.Message{Value: []byte("x")}); err != nil {
		return err
	}
	var n int
	return l.db.QueryRowContext(ctx, "SELECT count(*) FROM lotteries WHERE id = ?", id).Scan(&n)
}

// Record writes with SQL built at run time: Exec counts as a write.
func (l *Lottery) Record(ctx context.Context, query string) error {
	if _, err := l.db.ExecContext(ctx, query); err != nil {
		return err
	}
	return l.w.WriteMessages(ctx, kafka.Message{Value: []byte("recorded")}) // want `Record writes to the database \(\(\*sql\.DB\)\.ExecContext\) and then publishes`
}
