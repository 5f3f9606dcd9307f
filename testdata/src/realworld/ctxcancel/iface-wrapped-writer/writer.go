// Package writer consumes commands and publishes the resulting events through
// the project's own Producer interface, whose only implementation wraps a
// kafka-go Writer. The consume loop stops on ctx.Done(), so SIGTERM cancels
// the ctx that reaches WriteMessages through the interface call: the event is
// cut mid-publish after the database write. Reported where the fix goes:
// at handle's call of the interface, where the use case hands the loop's
// context to the publish (issue 13, item 6), not at the loop's call.
package writer

import (
	"context"
	"database/sql"

	"github.com/segmentio/kafka-go"
)

type Producer interface {
	PublishMessage(ctx context.Context, msgs ...kafka.Message) error
}

type producer struct{ w *kafka.Writer }

func (p *producer) PublishMessage(ctx context.Context, msgs ...kafka.Message) error { // want PublishMessage:"reachesSink p0:writer.WriteMessages"
	return p.w.WriteMessages(ctx, msgs...)
}

type Handler struct {
	db  *sql.DB
	out Producer
}

func (h *Handler) handle(ctx context.Context, m kafka.Message) error { // want handle:`reachesSink p0:Producer.PublishMessage→\(\*producer\).PublishMessage→writer.WriteMessages`
	if _, err := h.db.ExecContext(ctx, `INSERT INTO products (id) VALUES ($1)`, string(m.Key)); err != nil {
		return err
	}
	return h.out.PublishMessage(ctx, kafka.Message{Topic: "product-created", Key: m.Key}) // want `ctx is cancelled on shutdown \(stop signal ctx.Done\(\) at writer.go:\d+, via Consume\) and reaches Producer.PublishMessage → \(\*producer\).PublishMessage → writer.WriteMessages`
}

func (h *Handler) Consume(ctx context.Context, r *kafka.Reader) {
	for {
		select {
		case <-ctx.Done():
			return
		default:
		}
		m, err := r.FetchMessage(ctx)
		if err != nil {
			continue
		}
		if err := h.handle(ctx, m); err != nil {
			continue
		}
		_ = r.CommitMessages(ctx, m)
	}
}
