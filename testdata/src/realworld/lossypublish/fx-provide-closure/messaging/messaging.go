// Package messaging implements the relay's publisher with a kafka.Writer
// literal that sets no RequiredAcks (the zero value is RequireNone: acks=0),
// and provides it to uber-fx from a closure inside its Module rather than
// handing the container the constructor itself.
package messaging

import (
	"context"

	"github.com/segmentio/kafka-go"
	"go.uber.org/fx"

	"realworld/lossypublish/fx-provide-closure/application"
)

type Config struct{ Brokers []string }

type kafkaPublisher struct{ writer *kafka.Writer }

func NewKafkaPublisher(cfg Config) application.EventPublisher {
	return &kafkaPublisher{writer: &kafka.Writer{Addr: kafka.TCP(cfg.Brokers...)}}
}

func (p *kafkaPublisher) PublishOutboxEvent(ctx context.Context, e application.Event) error { // want PublishOutboxEvent:`lossy\(messaging\.\(\*kafkaPublisher\)\.PublishOutboxEvent\)`
	return p.writer.WriteMessages(ctx, kafka.Message{Topic: e.Topic, Value: e.Payload})
}

var Module = fx.Module("messaging",
	fx.Provide(func(cfg Config) application.EventPublisher {
		return NewKafkaPublisher(cfg)
	}),
)
