package jetstream

import (
	"context"
	"net/http"

	"github.com/avast/retry-go/v4"
	"github.com/nats-io/nats.go/jetstream"
)

// pusher sends pushes with a retry library: the POST is inside the
// operation given to retry.Do, a literal converted to retry.RetryableFunc.
type pusher struct{ hc *http.Client }

func (p *pusher) Push(ctx context.Context, device, key string) error { // want Push:"durableWork"
	return retry.Do(func() error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, "http://push/"+device, nil)
		if err != nil {
			return err
		}
		req.Header.Set("Idempotency-Key", key)
		resp, err := p.hc.Do(req)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	}, retry.Context(ctx))
}

type consumers struct{ p *pusher }

// Bad: acked as soon as it is parsed, then the retried push.
func (c *consumers) StartPush(ctx context.Context, cons jetstream.Consumer) (jetstream.ConsumeContext, error) {
	return cons.Consume(func(msg jetstream.Msg) {
		device := string(msg.Data())
		_ = msg.Ack() // want `message acknowledged by jetstream\.Msg\.Ack before \(\*pusher\)\.Push → retry\.Do → \(\*http\.Client\)\.Do \(retried\.go:37\) handles the message`
		if err := c.p.Push(ctx, device, "push-"+device); err != nil {
			return
		}
	})
}

// Good: the push first, ack once it succeeded, nak to retry.
func (c *consumers) StartPushAfter(ctx context.Context, cons jetstream.Consumer) (jetstream.ConsumeContext, error) {
	return cons.Consume(func(msg jetstream.Msg) {
		device := string(msg.Data())
		if err := c.p.Push(ctx, device, "push-"+device); err != nil {
			_ = msg.Nak()
			return
		}
		_ = msg.Ack()
	})
}
