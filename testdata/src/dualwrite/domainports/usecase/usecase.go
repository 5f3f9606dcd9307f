// want package:`pendingPorts\(domain.Notifier.Notify: usecase.\(\*Service\).Remind at usecase.go:37; domain.Publisher.Publish: usecase.\(\*Service\).Place at usecase.go:28 usecase.\(\*QuotedService\).Place at usecase.go:59\)`

// Package usecase writes and then publishes through ports declared in
// another package: it cannot put a fact on their methods, so it records
// the pending site in its own package fact.
package usecase

import (
	"context"

	"dualwrite/domainports/domain"
)

type Service struct {
	repo   domain.Repo
	pub    domain.Publisher
	notify domain.Notifier
}

func New(repo domain.Repo, pub domain.Publisher, notify domain.Notifier) *Service {
	return &Service{repo: repo, pub: pub, notify: notify}
}

func (s *Service) Place(ctx context.Context, id string) error {
	if err := s.repo.Create(ctx, id); err != nil {
		return err
	}
	return s.pub.Publish(ctx, "orders", []byte(id))
}

// Remind writes and then notifies: Notify might publish (the site is
// pending), but no implementation wired anywhere does.
func (s *Service) Remind(ctx context.Context, id string) error {
	if err := s.repo.Create(ctx, id); err != nil {
		return err
	}
	return s.notify.Notify(ctx, "reminded "+id)
}

// QuotedService asks a price port first: the first interface call before
// the publish is no write, the repository's is.
type QuotedService struct {
	prices domain.Prices
	repo   domain.Repo
	pub    domain.Publisher
}

func NewQuoted(prices domain.Prices, repo domain.Repo, pub domain.Publisher) *QuotedService {
	return &QuotedService{prices: prices, repo: repo, pub: pub}
}

func (s *QuotedService) Place(ctx context.Context, id string) error {
	if _, err := s.prices.Quote(ctx, id); err != nil {
		return err
	}
	if err := s.repo.Create(ctx, id); err != nil {
		return err
	}
	return s.pub.Publish(ctx, "orders", []byte(id))
}

// Relay publishes the rows it fetched through the outbox port and marks
// the failures: a relay, at-least-once by design, not a dual write.
type Relay struct {
	outbox domain.Outbox
	pub    domain.BatchPublisher
}

func NewRelay(outbox domain.Outbox, pub domain.BatchPublisher) *Relay {
	return &Relay{outbox: outbox, pub: pub}
}

func (r *Relay) Dispatch(ctx context.Context) {
	msgs, err := r.outbox.FetchPending(ctx)
	if err != nil {
		return
	}
	errs := r.pub.PublishBatch(ctx, msgs)
	var sent []string
	for i, id := range msgs {
		if err := errs[i]; err != nil {
			_ = r.outbox.MarkFailed(ctx, id)
			continue
		}
		sent = append(sent, id)
	}
	_ = r.outbox.MarkSent(ctx, sent)
}
