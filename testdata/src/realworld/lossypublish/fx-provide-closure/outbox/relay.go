// Package outbox is the relay (batch 6 sweep: a booking service): each
// pending row is published through the port and then marked processed.
package outbox

import (
	"context"
	"log"

	"realworld/lossypublish/fx-provide-closure/application"
)

type Relay struct {
	repo      application.OutboxRepository
	publisher application.EventPublisher
}

func NewRelay(repo application.OutboxRepository, publisher application.EventPublisher) *Relay {
	return &Relay{repo: repo, publisher: publisher}
}

func (r *Relay) processBatch(ctx context.Context) error { // want processBatch:`relayPending\(realworld/lossypublish/fx-provide-closure/application\.EventPublisher\.PublishOutboxEvent at relay\.go:\d+\)`
	events, err := r.repo.ListPending(ctx, 100)
	if err != nil {
		return err
	}
	for _, e := range events {
		if err := r.publisher.PublishOutboxEvent(ctx, e); err != nil {
			log.Printf("publish %s: %v", e.ID, err)
			continue
		}
		if err := r.repo.MarkProcessed(ctx, e.ID); err != nil {
			log.Printf("mark %s: %v", e.ID, err)
		}
	}
	return nil
}
