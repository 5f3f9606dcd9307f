package jetstreamasync

import (
	"context"
	"log"

	"github.com/nats-io/nats.go"
)

type Stream struct {
	js nats.JetStreamContext
}

// Publish returns right after PublishMsgAsync; the future is read in a
// goroutine nobody waits for.
func (s *Stream) Publish(ctx context.Context, subject string, data []byte) error { // want Publish:`lossy\(jetstreamasync.\(\*Stream\).Publish\)`
	future, err := s.js.PublishMsgAsync(&nats.Msg{Subject: subject, Data: data})
	if err != nil {
		return err
	}
	go func(f nats.PubAckFuture) {
		select {
		case <-f.Ok():
		case err := <-f.Err():
			log.Println("publish failed", err)
		}
	}(future)
	return nil
}

// PublishAwait waits for the PubAck: not lossy.
func (s *Stream) PublishAwait(ctx context.Context, subject string, data []byte) error {
	future, err := s.js.PublishMsgAsync(&nats.Msg{Subject: subject, Data: data})
	if err != nil {
		return err
	}
	select {
	case <-future.Ok():
		return nil
	case err := <-future.Err():
		return err
	}
}

type Store interface {
	FindUnpublished(ctx context.Context) ([]string, error)
	MarkPublished(ctx context.Context, ids ...string) error
}

type Processor struct {
	store  Store
	stream *Stream
}

func (p *Processor) process(ctx context.Context) error {
	ids, err := p.store.FindUnpublished(ctx)
	if err != nil {
		return err
	}
	for _, id := range ids {
		if err := p.stream.Publish(ctx, "orders", []byte(id)); err != nil { // want `relay marks rows published \(MarkPublished, line 65\) after jetstreamasync.\(\*Stream\).Publish → JetStream PublishMsgAsync whose PubAckFuture is not awaited`
			return err
		}
	}
	return p.store.MarkPublished(ctx, ids...)
}

func (p *Processor) processAwait(ctx context.Context) error {
	ids, err := p.store.FindUnpublished(ctx)
	if err != nil {
		return err
	}
	for _, id := range ids {
		if err := p.stream.PublishAwait(ctx, "orders", []byte(id)); err != nil {
			return err
		}
	}
	return p.store.MarkPublished(ctx, ids...)
}
