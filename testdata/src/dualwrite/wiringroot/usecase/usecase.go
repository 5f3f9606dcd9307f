// Package usecase declares both interfaces it needs; neither adapter
// imports it (Go interfaces are structural), so only a composition root
// sees the use case and both implementations.
package usecase

import "context"

type Publisher interface {
	Publish(ctx context.Context, topic string, body []byte) error // want Publish:`pending\(usecase\.\(\*Service\)\.Place at usecase\.go:35\)`
}

type Repo interface {
	Create(ctx context.Context, id string) error
}

type Logger interface {
	Info(msg string)
}

type Service struct {
	repo Repo
	pub  Publisher
	log  Logger
}

func New(repo Repo, pub Publisher, log Logger) *Service {
	return &Service{repo: repo, pub: pub, log: log}
}

// Place writes and then publishes, both through interfaces.
func (s *Service) Place(ctx context.Context, id string) error {
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
