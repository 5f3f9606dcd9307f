package saramaasync

import (
	"context"
	"database/sql"

	"github.com/IBM/sarama"
)

type Relay struct {
	db       *sql.DB
	producer sarama.AsyncProducer
}

func (r *Relay) send(ctx context.Context, id int64, payload []byte) error {
	r.producer.Input() <- &sarama.ProducerMessage{Topic: "orders", Value: sarama.ByteEncoder(payload)} // want `relay marks rows published \(UPDATE, line 17\) after a send on an AsyncProducer's Input\(\)`
	_, err := r.db.ExecContext(ctx, "UPDATE outbox SET processed = true WHERE id = $1", id)
	return err
}

// The outcome is read before the mark: not reported.
func (r *Relay) sendAwait(ctx context.Context, id int64, payload []byte) error {
	r.producer.Input() <- &sarama.ProducerMessage{Topic: "orders", Value: sarama.ByteEncoder(payload)}
	select {
	case <-r.producer.Successes():
	case perr := <-r.producer.Errors():
		return perr.Err
	}
	_, err := r.db.ExecContext(ctx, "UPDATE outbox SET processed = true WHERE id = $1", id)
	return err
}
