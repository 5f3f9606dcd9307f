// Package messaging declares a generic broker and a fan-out over several;
// the RabbitMQ implementation lives in a package this one does not import.
package messaging

import "context"

type Broker interface {
	Publish(ctx context.Context, topic string, payload []byte) error
}

type MultiBroker struct {
	brokers []Broker
}

func NewMultiBroker(brokers ...Broker) *MultiBroker { return &MultiBroker{brokers: brokers} }

func (m *MultiBroker) Publish(ctx context.Context, topic string, payload []byte) error {
	for _, b := range m.brokers {
		if err := b.Publish(ctx, topic, payload); err != nil {
			return err
		}
	}
	return nil
}
