// Package keepsinput: consume loops that dead-letter a message with the
// shutdown context. When a failed dead-letter write is handed up and the
// loop then commits nothing before it stops, a cut leaves the message
// uncommitted and the restart redelivers it: left alone. A failure that is
// only logged, or one the loop commits past, loses the message: reported.
// A forward that is the message's own work, and an outbox relay (no offset
// to keep), stay reported.
package keepsinput

import (
	"context"
	"database/sql"
	"errors"
	"log"
	"os"
	"os/signal"
	"syscall"

	"github.com/segmentio/kafka-go"
)

type Consumer struct {
	r   *kafka.Reader
	dlq *kafka.Writer
}

func handle(m kafka.Message) error {
	if len(m.Value) == 0 {
		return errors.New("empty")
	}
	return nil
}

// writeDLQ reports whether the dead letter was written.
func (c *Consumer) writeDLQ(ctx context.Context, m kafka.Message) bool { // want writeDLQ:"reachesSink p0:writer.WriteMessages"
	if err := c.dlq.WriteMessages(ctx, kafka.Message{Key: m.Key, Value: m.Value}); err != nil {
		log.Printf("dlq: %v", err)
		return false
	}
	return true
}

// commit commits on a context of its own.
func (c *Consumer) commit(m kafka.Message) {
	if err := c.r.CommitMessages(context.Background(), m); err != nil {
		log.Printf("commit: %v", err)
	}
}

// Run dead-letters a failed message and commits only when the dead letter
// was written: left alone.
func (c *Consumer) Run(ctx context.Context) {
	for {
		m, err := c.r.FetchMessage(ctx)
		if err != nil {
			if ctx.Err() != nil {
				return
			}
			continue
		}
		if err := handle(m); err != nil {
			if !c.writeDLQ(ctx, m) {
				continue // not committed: redelivered
			}
		}
		c.commit(m)
	}
}

// forward returns the publish's error wrapped.
func (c *Consumer) forward(ctx context.Context, m kafka.Message) error { // want forward:"reachesSink p0:writer.WriteMessages"
	if err := c.dlq.WriteMessages(ctx, m); err != nil { // want `ctx is cancelled on shutdown .* and reaches writer\.WriteMessages`
		return errors.Join(errors.New("forward"), err)
	}
	return nil
}

// RunForward stops on a failed forward before the commit, but the
// forward is the message's own work: a copy that landed before the cut is
// sent again after the redelivery, to consumers that act on each: reported.
func (c *Consumer) RunForward(ctx context.Context) error { // want RunForward:"reachesSink p0:forward→writer.WriteMessages"
	for {
		m, err := c.r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := c.forward(ctx, m); err != nil {
			return err
		}
		if err := c.r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}

// logDLQ only logs a failed dead letter.
func (c *Consumer) logDLQ(ctx context.Context, m kafka.Message) { // want logDLQ:"reachesSink p0:writer.WriteMessages"
	if err := c.dlq.WriteMessages(ctx, m); err != nil { // want `ctx is cancelled on shutdown .* and reaches writer\.WriteMessages`
		log.Printf("dlq: %v", err)
	}
}

// RunLossy commits after a dead letter whose failure it never sees:
// reported.
func (c *Consumer) RunLossy(ctx context.Context) {
	for {
		m, err := c.r.FetchMessage(ctx)
		if err != nil {
			if ctx.Err() != nil {
				return
			}
			continue
		}
		if err := handle(m); err != nil {
			c.logDLQ(ctx, m)
		}
		c.commit(m)
	}
}

// writeDLQ2 is writeDLQ for RunPast.
func (c *Consumer) writeDLQ2(ctx context.Context, m kafka.Message) bool { // want writeDLQ2:"reachesSink p0:writer.WriteMessages"
	if err := c.dlq.WriteMessages(ctx, m); err != nil { // want `ctx is cancelled on shutdown .* and reaches writer\.WriteMessages`
		return false
	}
	return true
}

// RunPast checks the dead letter but commits the message anyway: reported.
func (c *Consumer) RunPast(ctx context.Context) {
	for {
		m, err := c.r.FetchMessage(ctx)
		if err != nil {
			if ctx.Err() != nil {
				return
			}
			continue
		}
		if err := handle(m); err != nil {
			if !c.writeDLQ2(ctx, m) {
				log.Printf("dead letter lost")
			}
		}
		c.commit(m)
	}
}

// relay publishes outbox rows and marks them sent: no offset, reported.
func relay(ctx context.Context, db *sql.DB, w *kafka.Writer) error {
	rows, err := db.QueryContext(ctx, `SELECT id, body FROM outbox WHERE sent_at IS NULL`)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		var body []byte
		if err := rows.Scan(&id, &body); err != nil {
			return err
		}
		if err := w.WriteMessages(ctx, kafka.Message{Value: body}); err != nil { // want `ctx is cancelled on shutdown .* and reaches writer\.WriteMessages`
			return err
		}
		if _, err := db.ExecContext(context.Background(), `UPDATE outbox SET sent_at = now() WHERE id = $1`, id); err != nil {
			return err
		}
	}
	return rows.Err()
}

func Main(c *Consumer, db *sql.DB) {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	go c.Run(ctx)
	go c.RunForward(ctx)
	go c.RunLossy(ctx)
	go c.RunPast(ctx)
	for ctx.Err() == nil {
		_ = relay(ctx, db, c.dlq)
	}
}
