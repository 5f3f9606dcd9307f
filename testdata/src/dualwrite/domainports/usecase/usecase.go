// Package usecase calls the ports of package domain: no fact can be put on
// their methods here, so the pending sites are recorded on the functions
// that call them.
package usecase

import (
	"context"
	"io"

	"dualwrite/domainports/domain"
)

type Service struct {
	repo domain.Repo
	pub  domain.Publisher
	log  domain.Logger
	out  io.Writer
	cat  domain.Catalog
}

func New(repo domain.Repo, pub domain.Publisher, log domain.Logger, out io.Writer) *Service {
	return &Service{repo: repo, pub: pub, log: log, out: out}
}

// Place writes and then publishes, both through ports of package domain.
func (s *Service) Place(ctx context.Context, id string) error { // want Place:`pending\(usecase\.\(\*Service\)\.Place at usecase\.go:30\)`
	if err := s.repo.Create(ctx, id); err != nil {
		return err
	}
	return s.pub.Publish(ctx, "orders", []byte(id))
}

// Audit writes and then logs: no implementation of Info publishes.
func (s *Service) Audit(ctx context.Context, id string) error {
	if err := s.repo.Create(ctx, id); err != nil {
		return err
	}
	s.log.Info("audited")
	return nil
}

// Echo writes and then writes to an io.Writer: a standard library
// interface is no port of the project.
func (s *Service) Echo(ctx context.Context, id string) error {
	if err := s.repo.Create(ctx, id); err != nil {
		return err
	}
	_, err := s.out.Write([]byte(id))
	return err
}

// Checkout asks the catalog (a port that only reads) before it writes and
// publishes: the write is the repository's, found among the ports called
// before the publish.
func (s *Service) Checkout(ctx context.Context, id string) error { // want Checkout:`pending\(usecase\.\(\*Service\)\.Checkout at usecase\.go:62; usecase\.\(\*Service\)\.Checkout at usecase\.go:62\)`
	if _, err := s.cat.Price(ctx, id); err != nil {
		return err
	}
	if err := s.repo.Create(ctx, id); err != nil {
		return err
	}
	return s.pub.Publish(ctx, "checkouts", []byte(id))
}

// Relay is an outbox relay whose fetch and marks are ports: the dead-letter
// mark after a failed publish is no dual write, and only the first pairing
// (the fetch, which reads) is recorded for it.
type Relay struct {
	outbox domain.Outbox
	pub    domain.BatchPublisher
}

func NewRelay(outbox domain.Outbox, pub domain.BatchPublisher) *Relay {
	return &Relay{outbox: outbox, pub: pub}
}

func (r *Relay) Dispatch(ctx context.Context) { // want Dispatch:`pending`
	ids, err := r.outbox.FetchPending(ctx)
	if err != nil {
		return
	}
	errs := r.pub.PublishBatch(ctx, ids)
	for i, id := range ids {
		if err := errs[i]; err != nil {
			if markErr := r.outbox.MarkDead(ctx, id); markErr != nil {
				continue
			}
			continue
		}
	}
}
