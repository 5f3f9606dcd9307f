// Package adapter implements the use case's port with a kafka-go writer and
// runs the consume loop. The loop's context reaches the publish through
// the use case and the port: reported here, at the call that leaves this
// package, naming the use case's line where the fix goes.
package adapter

import (
	"context"

	"github.com/segmentio/kafka-go"

	"ctxcancel/ports/service"
)

type Producer struct{ W *kafka.Writer }

func (p *Producer) OrderCanceled(ctx context.Context, id string) error { // want OrderCanceled:"reachesSink p0:writer.WriteMessages"
	return p.W.WriteMessages(ctx, kafka.Message{Key: []byte(id)})
}

type Consumer struct {
	Orders *service.Orders
	R      *kafka.Reader
}

func (c *Consumer) Run(ctx context.Context) {
	for {
		select {
		case <-ctx.Done():
			return
		default:
		}
		m, err := c.R.ReadMessage(ctx)
		if err != nil {
			continue
		}
		_ = c.Orders.Cancel(ctx, string(m.Key))         // want `ctx is cancelled on shutdown \(stop signal ctx.Done\(\) at adapter.go:29\) and reaches service.Orders.Cancel → OrderEvents.OrderCanceled → \(\*Producer\).OrderCanceled → writer.WriteMessages: SIGTERM fails the publish: the message is lost or sent again; keep ctx for stopping, and have Cancel \(service.go:26\) run each message on`
		_ = c.Orders.CancelDetached(ctx, string(m.Key)) // silent: the port gets a detached context
	}
}
