// Package jsconsumer consumes notification requests from NATS JetStream.
package jsconsumer

import (
	"context"
	"encoding/json"
	"log/slog"

	"github.com/nats-io/nats.go/jetstream"

	"example.com/realistic4/notifier/internal/email"
)

type request struct {
	ID     string `json:"id"`
	Device string `json:"device"`
	Email  string `json:"email"`
	Text   string `json:"text"`
}

// Consumers holds the JetStream consumers.
type Consumers struct {
	JS   jetstream.JetStream
	Mail *email.Client
	Log  *slog.Logger
}

func (c *Consumers) consumer(ctx context.Context, name, subject string) (jetstream.Consumer, error) {
	return c.JS.CreateOrUpdateConsumer(ctx, "NOTIFY", jetstream.ConsumerConfig{
		Durable:       name,
		FilterSubject: subject,
		AckPolicy:     jetstream.AckExplicitPolicy,
		MaxDeliver:    10,
	})
}

// StartPush sends pushes; the message is acked as soon as it is parsed so
// the server does not redeliver a slow push.
func (c *Consumers) StartPush(ctx context.Context) (jetstream.ConsumeContext, error) {
	cons, err := c.consumer(ctx, "push", "notify.push")
	if err != nil {
		return nil, err
	}
	return cons.Consume(func(msg jetstream.Msg) {
		var r request
		if err := json.Unmarshal(msg.Data(), &r); err != nil {
			_ = msg.Term()
			return
		}
		_ = msg.Ack() // want: offsetorder — jetstream.Msg.Ack inside a Consume callback before the push (email.Client.Push POSTs inside retry-go's retry.Do) is sent; a SIGTERM in between loses it
		if err := c.Mail.Push(ctx, r.Device, r.Text, r.ID); err != nil {
			c.Log.Error("push", "id", r.ID, "err", err)
		}
	})
}

// StartDigest sends digest mails; a failed send is logged and acked.
func (c *Consumers) StartDigest(ctx context.Context) (jetstream.ConsumeContext, error) {
	cons, err := c.consumer(ctx, "digest", "notify.digest")
	if err != nil {
		return nil, err
	}
	return cons.Consume(func(msg jetstream.Msg) {
		var r request
		if err := json.Unmarshal(msg.Data(), &r); err != nil {
			_ = msg.Term()
			return
		}
		if err := c.Mail.Send(ctx, email.Message{To: r.Email, Template: "digest"}, "digest-"+r.ID); err != nil {
			c.Log.Error("digest send failed", "id", r.ID, "err", err) // want: skipcommit
		}
		_ = msg.Ack() // acks the digest whose failure was only logged (finding at line 70)
	})
}

// StartAlerts sends alert mails: ack after the send, nak to retry, term a
// payload that can never be valid.
func (c *Consumers) StartAlerts(ctx context.Context) (jetstream.ConsumeContext, error) {
	cons, err := c.consumer(ctx, "alerts", "notify.alerts")
	if err != nil {
		return nil, err
	}
	return cons.Consume(func(msg jetstream.Msg) {
		var r request
		if err := json.Unmarshal(msg.Data(), &r); err != nil {
			c.Log.Warn("poison alert, terminating", "err", err)
			_ = msg.Term()
			return
		}
		if err := c.Mail.Send(ctx, email.Message{To: r.Email, Template: "alert", Vars: map[string]string{"text": r.Text}}, "alert-"+r.ID); err != nil {
			c.Log.Error("alert send failed, will retry", "id", r.ID, "err", err)
			_ = msg.Nak()
			return
		}
		_ = msg.Ack()
	})
}
