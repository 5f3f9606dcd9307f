// Stub of github.com/rabbitmq/amqp091-go v1.10.0 (channel.go, confirms.go, types.go):
// the publisher confirms lossypublish's tests use.
package amqp091

import "context"

type Confirmation struct {
	DeliveryTag uint64
	Ack         bool
}

type DeferredConfirmation struct{}

func (d *DeferredConfirmation) Wait() bool { return true }

func (d *DeferredConfirmation) WaitContext(ctx context.Context) (bool, error) { return true, nil }

func (ch *Channel) Confirm(noWait bool) error { return nil }

func (ch *Channel) NotifyPublish(confirm chan Confirmation) chan Confirmation { return confirm }

func (ch *Channel) PublishWithDeferredConfirmWithContext(ctx context.Context, exchange, key string, mandatory, immediate bool, msg Publishing) (*DeferredConfirmation, error) {
	return &DeferredConfirmation{}, nil
}
