// Package processor implements consumer.Processor without importing it: it
// produces the acknowledgement through its own AckPublisher port.
package processor

import "context"

type AckPublisher interface {
	PublishAck(ctx context.Context, value []byte) error
}

type Processor struct{ acks AckPublisher }

func New(acks AckPublisher) *Processor { return &Processor{acks: acks} }

func (p *Processor) Handle(ctx context.Context, value []byte) error { // want Handle:"reachesSink p0:AckPublisher.PublishAck"
	return p.acks.PublishAck(ctx, value)
}
