package saramabus

import (
	"context"

	"github.com/IBM/sarama"
)

// Producer implements ports.Publisher on a sarama SyncProducer.
type Producer struct {
	p sarama.SyncProducer
}

// NewProducer returns a producer that waits for all in-sync replicas.
func NewProducer(brokers []string) (*Producer, error) {
	cfg := sarama.NewConfig()
	cfg.Producer.RequiredAcks = sarama.WaitForAll
	cfg.Producer.Idempotent = true
	cfg.Producer.Return.Successes = true
	cfg.Net.MaxOpenRequests = 1
	p, err := sarama.NewSyncProducer(brokers, cfg)
	if err != nil {
		return nil, err
	}
	return &Producer{p: p}, nil
}

// Publish sends one message and waits for the acknowledgement.
func (p *Producer) Publish(_ context.Context, topic, key string, payload []byte) error {
	_, _, err := p.p.SendMessage(&sarama.ProducerMessage{Topic: topic, Key: sarama.StringEncoder(key), Value: sarama.ByteEncoder(payload)})
	return err
}

// Sync exposes the SyncProducer (for dead letters).
func (p *Producer) Sync() sarama.SyncProducer { return p.p }

// Close closes the producer.
func (p *Producer) Close() error { return p.p.Close() }

// AuditProducer sends audit records without waiting for the broker: the
// audit pipeline tolerates gaps, and latency matters more.
type AuditProducer struct {
	p sarama.SyncProducer
}

// NewAuditProducer returns the fire-and-forget producer.
func NewAuditProducer(brokers []string) (*AuditProducer, error) {
	cfg := sarama.NewConfig()
	cfg.Producer.RequiredAcks = sarama.NoResponse
	cfg.Producer.Return.Successes = true
	p, err := sarama.NewSyncProducer(brokers, cfg)
	if err != nil {
		return nil, err
	}
	return &AuditProducer{p: p}, nil
}

// Send sends one audit record.
func (a *AuditProducer) Send(topic string, payload []byte) error {
	_, _, err := a.p.SendMessage(&sarama.ProducerMessage{Topic: topic, Value: sarama.ByteEncoder(payload)})
	return err
}

// Close closes the producer.
func (a *AuditProducer) Close() error { return a.p.Close() }
