// Package relay publishes outbox rows through broker.Producer: the
// interface call is resolved to the kafka-go implementation.
package relay

import (
	"context"
	"time"

	"ctxcancel/indirect/producer/broker"
)

type Relay struct {
	producer broker.Producer
	local    Sender
}

// Sender is declared and implemented here.
type Sender interface {
	Send(ctx context.Context, v []byte) error
}

type viaBroker struct{ p broker.Producer }

func (s viaBroker) Send(ctx context.Context, v []byte) error { // want Send:"reachesSink p0:broker.Producer.Publish→broker.kafkaProducer.Publish→writer.WriteMessages"
	return s.p.Publish(ctx, nil, v)
}

func (r *Relay) Run(ctx context.Context, rows <-chan []byte) {
	for {
		select {
		case <-ctx.Done():
			return
		case v := <-rows:
			_ = r.producer.Publish(ctx, nil, v) // want `ctx is cancelled on shutdown .* reaches broker\.Producer\.Publish → broker\.kafkaProducer\.Publish → writer\.WriteMessages`
		}
	}
}

func (r *Relay) RunLocal(ctx context.Context, rows <-chan []byte) {
	for {
		select {
		case <-ctx.Done():
			return
		case v := <-rows:
			_ = r.local.Send(ctx, v) // want `ctx is cancelled on shutdown .* reaches Sender\.Send → viaBroker\.Send → broker\.Producer\.Publish`
		}
	}
}

// RunDetached publishes with a context detached from shutdown, with a timeout.
func (r *Relay) RunDetached(ctx context.Context, rows <-chan []byte) {
	for {
		select {
		case <-ctx.Done():
			return
		case v := <-rows:
			pctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
			_ = r.producer.Publish(pctx, nil, v)
			cancel()
		}
	}
}
