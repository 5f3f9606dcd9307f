// Package tm is the outbox processor: it publishes every unpublished row
// through the am interface and then marks the batch published.
package tm

import (
	"context"

	"realworld/lossypublish/iface-impl-elsewhere/am"
)

type Store interface {
	FindUnpublished(ctx context.Context, limit int) ([]Row, error)
	MarkPublished(ctx context.Context, ids ...string) error
}

type Row struct {
	ID, Subject string
	Data        []byte
}

type Processor struct {
	store     Store
	publisher am.MessagePublisher
}

func NewProcessor(store Store, publisher am.MessagePublisher) Processor {
	return Processor{store: store, publisher: publisher}
}

func (p Processor) processMessages(ctx context.Context) error { // want processMessages:`relayPending`
	rows, err := p.store.FindUnpublished(ctx, 50)
	if err != nil {
		return err
	}
	ids := make([]string, len(rows))
	for i, r := range rows {
		ids[i] = r.ID
		if err := p.publisher.Publish(ctx, r.Subject, r.Data); err != nil {
			return err
		}
	}
	return p.store.MarkPublished(ctx, ids...)
}
