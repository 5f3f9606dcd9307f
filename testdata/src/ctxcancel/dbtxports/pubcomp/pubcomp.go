// Package pubcomp compensates an order in a transaction that also
// publishes to Kafka: the message leaves before the commit a cut undoes.
package pubcomp

import (
	"context"
	"database/sql"

	"github.com/segmentio/kafka-go"
)

type Comp struct {
	db *sql.DB
	w  *kafka.Writer
}

func New(db *sql.DB, w *kafka.Writer) *Comp { return &Comp{db: db, w: w} }

func (c *Comp) Compensate(ctx context.Context, id string) error { // want Compensate:"reachesSink p0:db.BeginTx p0:writer.WriteMessages"
	tx, err := c.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer func() { _ = tx.Rollback() }()
	var status string
	if err := tx.QueryRowContext(ctx, `SELECT status FROM orders WHERE id = $1 FOR UPDATE`, id).Scan(&status); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE orders SET status = 'compensated' WHERE id = $1`, id); err != nil {
		return err
	}
	if err := c.w.WriteMessages(ctx, kafka.Message{Value: []byte(id)}); err != nil {
		return err
	}
	return tx.Commit()
}
