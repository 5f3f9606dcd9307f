package jetstream

import (
	"bytes"
	"net/http"

	"github.com/nats-io/nats.go/jetstream"
)

// Bad: a Messages() iterator, each message acked before its POST.
func IterAckFirst(cons jetstream.Consumer, url string) error { // want IterAckFirst:"commitsOffset" IterAckFirst:"durableWork"
	it, err := cons.Messages()
	if err != nil {
		return err
	}
	defer it.Stop()
	for {
		msg, err := it.Next()
		if err != nil {
			return err
		}
		_ = msg.Ack() // want `message acknowledged by jetstream\.Msg\.Ack before http\.Post \(pull\.go:23\) handles the message`
		resp, err := http.Post(url, "application/json", bytes.NewReader(msg.Data()))
		if err == nil {
			resp.Body.Close()
		}
	}
}

// Bad: one message pulled with Next, acked before its POST.
func NextAckFirst(cons jetstream.Consumer, url string) error { // want NextAckFirst:"commitsOffset" NextAckFirst:"durableWork"
	msg, err := cons.Next()
	if err != nil {
		return err
	}
	_ = msg.Ack() // want `message acknowledged by jetstream\.Msg\.Ack before http\.Post \(pull\.go:37\) handles the message`
	resp, err := http.Post(url, "application/json", bytes.NewReader(msg.Data()))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Good: the POST first, ack once it succeeded.
func IterAckAfter(cons jetstream.Consumer, url string) error { // want IterAckAfter:"commitsOffset" IterAckAfter:"durableWork"
	it, err := cons.Messages()
	if err != nil {
		return err
	}
	defer it.Stop()
	for {
		msg, err := it.Next()
		if err != nil {
			return err
		}
		resp, err := http.Post(url, "application/json", bytes.NewReader(msg.Data()))
		if err != nil {
			_ = msg.Nak()
			continue
		}
		resp.Body.Close()
		_ = msg.Ack()
	}
}
