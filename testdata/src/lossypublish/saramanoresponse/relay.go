package saramanoresponse

import (
	"context"
	"database/sql"

	"github.com/IBM/sarama"
)

type Relay struct {
	db       *sql.DB
	producer sarama.SyncProducer
}

func NewRelay(db *sql.DB, brokers []string) (*Relay, error) {
	config := sarama.NewConfig()
	config.Producer.RequiredAcks = sarama.NoResponse
	config.Producer.Return.Successes = true
	p, err := sarama.NewSyncProducer(brokers, config)
	if err != nil {
		return nil, err
	}
	return &Relay{db: db, producer: p}, nil
}

func (r *Relay) send(ctx context.Context, id int64, payload []byte) error {
	if _, _, err := r.producer.SendMessage(&sarama.ProducerMessage{Topic: "orders", Value: sarama.ByteEncoder(payload)}); err != nil { // want `relay marks rows published \(UPDATE, line 30\) after SendMessage on a producer that requires no acks \(relay.go:17\): with NoResponse the broker never answers`
		return err
	}
	_, err := r.db.ExecContext(ctx, "UPDATE outbox SET sent = true WHERE id = $1", id)
	return err
}
