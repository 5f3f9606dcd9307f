package kafka

import (
	"context"
	"database/sql"
	"log/slog"

	"github.com/IBM/sarama"
	"github.com/google/uuid"
	kafka "github.com/segmentio/kafka-go"
	"github.com/twmb/franz-go/pkg/kgo"
)

type Event struct {
	EventID  string
	DedupKey string
	Payload  []byte
}

func handle(ctx context.Context, e Event) error { return nil }

// A fresh key per delivery that reaches the dedup table never matches the
// first processing of a redelivered message.
func kafkaGo(ctx context.Context, r *kafka.Reader, db *sql.DB) error {
	for {
		msg, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		eventID := uuid.NewString() // want `uuid.NewString in the handling of one Kafka delivery \(kafka.\(\*Reader\).FetchMessage\) makes a new key per redelivery and it reaches the key of a processed-event insert`
		if _, err := db.ExecContext(ctx, `INSERT INTO processed_event (event_id) VALUES ($1) ON CONFLICT DO NOTHING`, eventID); err != nil {
			return err
		}
		if err := handle(ctx, Event{EventID: eventID, Payload: msg.Value}); err != nil {
			return err
		}
		if err := r.CommitMessages(ctx, msg); err != nil {
			return err
		}
	}
}

type consumer struct{}

func (consumer) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (consumer) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (consumer) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error { // want ConsumeClaim:"makesFreshID\\(uuid.NewString\\)"
	for msg := range claim.Messages() {
		e := Event{DedupKey: uuid.NewString(), Payload: msg.Value} // want `uuid.NewString in the handling of one Kafka delivery \(sarama.ConsumerGroupClaim.Messages\) makes a new key per redelivery and it reaches field DedupKey`
		if err := handle(sess.Context(), e); err != nil {
			return err
		}
		sess.MarkMessage(msg, "")
	}
	return nil
}

func franz(ctx context.Context, cl *kgo.Client) {
	for {
		fetches := cl.PollFetches(ctx)
		fetches.EachRecord(func(r *kgo.Record) {
			_ = handle(ctx, Event{DedupKey: uuid.NewString(), Payload: r.Value}) // want `uuid.NewString in the handling of one Kafka delivery`
		})
	}
}

// Fresh IDs that are not dedup keys are fine in a consumer: a new row per event is the point.
func newRows(ctx context.Context, r *kafka.Reader, db *sql.DB) error {
	for {
		msg, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		rowID := uuid.NewString()
		slog.Info("handling", "trace", uuid.NewString())
		if err := handle(ctx, Event{EventID: string(msg.Key), Payload: msg.Value}); err != nil {
			return err
		}
		if _, err := db.ExecContext(ctx, `INSERT INTO audit (id, payload) VALUES ($1, $2)`, rowID, msg.Value); err != nil {
			return err
		}
		// the dedup key derived from the message is correct
		if _, err := db.ExecContext(ctx, `INSERT INTO processed_event (event_id) VALUES ($1)`, string(msg.Key)); err != nil {
			return err
		}
	}
}
