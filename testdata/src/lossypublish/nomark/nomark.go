// Package nomark: lossy producers with no row marked after them (metrics,
// notifications) and good synchronous producers that mark rows.
package nomark

import (
	"context"
	"database/sql"

	"github.com/IBM/sarama"
	"github.com/nats-io/nats.go"
	"github.com/segmentio/kafka-go"
	"github.com/twmb/franz-go/pkg/kgo"
)

type Metrics struct {
	w *kafka.Writer
}

func NewMetrics() *Metrics {
	return &Metrics{w: &kafka.Writer{Topic: "metrics", Async: true}}
}

// record is fire-and-forget and marks nothing.
func (m *Metrics) record(ctx context.Context, db *sql.DB, v []byte) error { // want record:`lossy\(nomark.\(\*Metrics\).record\)`
	if _, err := db.ExecContext(ctx, "INSERT INTO samples (v) VALUES ($1)", v); err != nil {
		return err
	}
	return m.w.WriteMessages(ctx, kafka.Message{Value: v})
}

// A sarama SyncProducer with the default acks (WaitForLocal).
type SaramaRelay struct {
	db *sql.DB
	p  sarama.SyncProducer
}

func NewSaramaRelay(db *sql.DB) (*SaramaRelay, error) {
	cfg := sarama.NewConfig()
	cfg.Producer.RequiredAcks = sarama.WaitForAll
	cfg.Producer.Return.Successes = true
	p, err := sarama.NewSyncProducer([]string{"kafka:9092"}, cfg)
	if err != nil {
		return nil, err
	}
	return &SaramaRelay{db: db, p: p}, nil
}

func (r *SaramaRelay) send(ctx context.Context, id int64, v []byte) error {
	if _, _, err := r.p.SendMessage(&sarama.ProducerMessage{Topic: "orders", Value: sarama.ByteEncoder(v)}); err != nil {
		return err
	}
	_, err := r.db.ExecContext(ctx, "UPDATE outbox SET sent = true WHERE id = $1", id)
	return err
}

// franz-go with the default acks; a promise that uses its error.
type FranzRelay struct {
	db *sql.DB
	cl *kgo.Client
}

func NewFranzRelay(db *sql.DB) (*FranzRelay, error) {
	cl, err := kgo.NewClient(kgo.SeedBrokers("kafka:9092"))
	if err != nil {
		return nil, err
	}
	return &FranzRelay{db: db, cl: cl}, nil
}

func (r *FranzRelay) send(ctx context.Context, id int64, rec *kgo.Record) error {
	if err := r.cl.ProduceSync(ctx, rec).FirstErr(); err != nil {
		return err
	}
	_, err := r.db.ExecContext(ctx, "UPDATE outbox SET published = true WHERE id = $1", id)
	return err
}

func (r *FranzRelay) sendAsync(ctx context.Context, id int64, rec *kgo.Record) {
	r.cl.Produce(ctx, rec, func(_ *kgo.Record, err error) {
		if err != nil {
			return
		}
		_, _ = r.db.ExecContext(ctx, "UPDATE outbox SET published = true WHERE id = $1", id)
	})
}

// JetStream Publish waits for the PubAck.
type JSRelay struct {
	db *sql.DB
	js nats.JetStreamContext
}

func (r *JSRelay) send(ctx context.Context, id int64, subject string, data []byte) error {
	if _, err := r.js.PublishMsg(&nats.Msg{Subject: subject, Data: data}); err != nil {
		return err
	}
	_, err := r.db.ExecContext(ctx, "DELETE FROM outbox WHERE id = $1", id)
	return err
}
