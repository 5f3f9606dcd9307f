// Package usecase calls port.Sender; the implementation is out of sight.
package usecase

import (
	"context"

	"wiring/port"
)

type Service struct{ s port.Sender }

func New(s port.Sender) *Service { return &Service{s: s} }

func Name() string { return "usecase" }

func (svc *Service) Do(ctx context.Context) error { return svc.s.Send(ctx, nil) }

func NewWithClients(c *port.Clients) *Service { return &Service{s: c.Sender} }

func NewWithOptions(o port.Options) *Service { return &Service{} }
