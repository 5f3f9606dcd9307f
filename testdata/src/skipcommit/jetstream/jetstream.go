// Package jetstream holds JetStream consume callbacks.
package jetstream

import (
	"context"
	"encoding/json"
	"log"

	"github.com/nats-io/nats.go/jetstream"
)

type payment struct{ ID string }

type service interface {
	Pay(ctx context.Context, p payment) error
}

// Bad: the error is swallowed and the message acked.
func swallow(ctx context.Context, cons jetstream.Consumer, svc service) {
	_, _ = cons.Consume(func(msg jetstream.Msg) {
		var p payment
		if err := json.Unmarshal(msg.Data(), &p); err != nil {
			_ = msg.Term() // poison: ended on purpose
			return
		}
		if err := svc.Pay(ctx, p); err != nil {
			log.Printf("pay: %v", err) // want `service.Pay fails \(jetstream.go:26\) and jetstream.Msg.Ack \(jetstream.go:29\) still acks the message`
		}
		_ = msg.Ack()
	})
}

// Good: Nak on failure, Term for a poison payload.
func nak(ctx context.Context, cons jetstream.Consumer, svc service) {
	_, _ = cons.Consume(func(msg jetstream.Msg) {
		var p payment
		if err := json.Unmarshal(msg.Data(), &p); err != nil {
			_ = msg.Term()
			return
		}
		if err := svc.Pay(ctx, p); err != nil {
			_ = msg.Nak()
			return
		}
		_ = msg.Ack()
	})
}

// Good: a failure that terminates the message is an explicit poison policy.
func term(ctx context.Context, cons jetstream.Consumer, svc service) {
	_, _ = cons.Consume(func(msg jetstream.Msg) {
		if err := svc.Pay(ctx, payment{ID: string(msg.Data())}); err != nil {
			log.Printf("pay, giving up: %v", err)
			_ = msg.Term()
			return
		}
		_ = msg.Ack()
	})
}
