// Package effectsuse reaches the writes and publishes of package effects
// through interfaces, a method value and a callback.
package effectsuse

import (
	"context"

	"calls/effects"
)

type Service struct {
	repo effects.Repository
	prod effects.Producer
	out  effects.MessageWriter
	send func(ctx context.Context, key string, v []byte) error
}

func (s *Service) Store(ctx context.Context, o effects.Order) error { // want Store:`^write\(effects\.Repository\.Create → effects\.\(\*PgRepo\)\.Create → \(\*pgxpool\.Pool\)\.Exec\)$`
	return s.repo.Create(ctx, o)
}

func (s *Service) Announce(ctx context.Context, o effects.Order) error { // want Announce:`^publish\(effects\.Producer\.Publish → effects\.\(\*KafkaProducer\)\.Publish → \(\*kafka\.Writer\)\.WriteMessages\)$`
	return s.prod.Publish(ctx, o.ID, nil)
}

// Both writes and then publishes (through a func field holding a method value).
func (s *Service) Both(ctx context.Context, o effects.Order) error { // want Both:`^publish\(effects\.\(\*KafkaProducer\)\.Publish → \(\*kafka\.Writer\)\.WriteMessages\); write\(effectsuse\.\(\*Service\)\.Store → effects\.Repository\.Create → effects\.\(\*PgRepo\)\.Create → \(\*pgxpool\.Pool\)\.Exec\)$`
	if err := s.Store(ctx, o); err != nil {
		return err
	}
	return s.send(ctx, o.ID, nil)
}

func (s *Service) Mirror(ctx context.Context) error { // want Mirror:`^publish\(effects\.MessageWriter\.WriteMessages → \(\*kafka\.Writer\)\.WriteMessages\)$`
	return s.out.WriteMessages(ctx)
}

func New(repo effects.Repository, p *effects.KafkaProducer) *Service { // want New:"keeps Service f0←p0 f1←p1"
	return &Service{repo: repo, prod: p, send: p.Publish}
}
