// Package jetstream holds NATS JetStream consumers: acks before and after the work.
package jetstream

import (
	"bytes"
	"context"
	"net/http"

	"github.com/nats-io/nats.go/jetstream"
)

// Bad: Ack, then the outgoing call.
func AckFirst(cons jetstream.Consumer, url string) error {
	_, err := cons.Consume(func(msg jetstream.Msg) {
		_ = msg.Ack() // want `message acknowledged by jetstream\.Msg\.Ack before http\.Post \(jetstream\.go:16\) handles the message`
		resp, err := http.Post(url, "application/json", bytes.NewReader(msg.Data()))
		if err == nil {
			resp.Body.Close()
		}
	})
	return err
}

// Bad: DoubleAck, then the outgoing call.
func DoubleAckFirst(ctx context.Context, msg jetstream.Msg, url string) error { // want DoubleAckFirst:"commitsOffset" DoubleAckFirst:"durableWork"
	if err := msg.DoubleAck(ctx); err != nil { // want `message acknowledged by jetstream\.Msg\.DoubleAck before http\.Post \(jetstream\.go:29\)`
		return err
	}
	resp, err := http.Post(url, "application/json", bytes.NewReader(msg.Data()))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Good: the call first, Ack once it succeeded, Nak otherwise.
func AckAfter(msg jetstream.Msg, url string) error { // want AckAfter:"commitsOffset" AckAfter:"durableWork"
	resp, err := http.Post(url, "application/json", bytes.NewReader(msg.Data()))
	if err != nil {
		return msg.Nak()
	}
	resp.Body.Close()
	return msg.Ack()
}
