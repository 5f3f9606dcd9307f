// Package use makes identifiers through ids.Generator and a local
// interface inside retries, and passes attempts as method values.
package use

import (
	"github.com/google/uuid"

	retry "github.com/avast/retry-go/v4"

	"uuidinretry/indirect/ids"
)

type Payment struct{ ID string }

func save(p Payment) error { return nil }

// Keyer is implemented here.
type Keyer interface {
	Key() string
}

type uuidKeyer struct{}

func (uuidKeyer) Key() string { return uuid.NewString() } // want Key:"makesFreshID\\(uuid.NewString\\)"

type Service struct {
	gen   ids.Generator
	keyer Keyer
}

func (s *Service) Create() error {
	return retry.Do(func() error {
		return save(Payment{ID: s.gen.NewID()}) // want `ids\.Generator\.NewID → ids\.uuidGenerator\.NewID → uuid\.NewString in retry\.Do callback makes a new identifier on every attempt`
	})
}

func (s *Service) CreateLocal() error {
	return retry.Do(func() error {
		return save(Payment{ID: s.keyer.Key()}) // want `Keyer\.Key → uuidKeyer\.Key → uuid\.NewString in retry\.Do callback`
	})
}

// CreateOnce derives the identifier once, before the retry.
func (s *Service) CreateOnce() error { // want CreateOnce:"makesFreshID\\(ids.Generator.NewID → ids.uuidGenerator.NewID → uuid.NewString\\)"
	id := s.gen.NewID()
	return retry.Do(func() error {
		return save(Payment{ID: id})
	})
}

// attempt is passed to the retry as a method value.
func (s *Service) attempt() error { // want attempt:"makesFreshID\\(uuid.NewString\\)"
	return save(Payment{ID: uuid.NewString()})
}

func (s *Service) CreateByValue() error {
	return retry.Do(s.attempt) // want `\(\*Service\)\.attempt → uuid\.NewString in operation passed to retry\.Do makes a new identifier on every attempt`
}
