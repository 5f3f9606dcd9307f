// Package values reaches identifier generators and retry helpers through
// function values and interfaces (calls.Derived resolves them): a
// func-typed field set to uuid.NewString, a retry helper behind an
// interface, an operation kept in a local as a method value.
package values

import (
	"time"

	"github.com/google/uuid"

	retry "github.com/avast/retry-go/v4"
)

type Payment struct{ ID string }

func save(p Payment) error { return nil }

// Service makes its identifiers with newID, set by NewService.
type Service struct {
	newID func() string
	retry Retrier
}

func NewService(r Retrier) *Service {
	return &Service{newID: uuid.NewString, retry: r}
}

// Create calls newID, which holds uuid.NewString, on every attempt.
func (s *Service) Create() error {
	return retry.Do(func() error {
		return save(Payment{ID: s.newID()}) // want `s\.newID → uuid\.NewString in retry\.Do callback makes a new identifier on every attempt`
	})
}

// Keyed makes its identifiers with key, which holds a function deriving
// one from what it is given: nothing fresh.
type Keyed struct {
	key func() string
}

func fixedKey() string { return "order-1:charge" }

func NewKeyed() *Keyed { return &Keyed{key: fixedKey} }

func (k *Keyed) Create() error {
	return retry.Do(func() error {
		return save(Payment{ID: k.key()})
	})
}

// Retrier is implemented by backoff, which calls op once per attempt.
type Retrier interface {
	Do(op func() error) error
}

type backoff struct{ attempts int }

func (b backoff) Do(op func() error) error { // want Do:"retriesParam\\(0\\)"
	var err error
	for i := 0; i < b.attempts; i++ {
		if err = op(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Runner is implemented by once, which calls op once: not a retry.
type Runner interface {
	Run(op func() error) error
}

type once struct{}

func (once) Run(op func() error) error { return op() }

// Charge retries through the Retrier interface.
func (s *Service) Charge() error {
	return s.retry.Do(func() error {
		return save(Payment{ID: uuid.NewString()}) // want `uuid\.NewString in Retrier\.Do callback makes a new identifier on every attempt`
	})
}

// ChargeOnce runs the operation once through Runner: no retry.
func ChargeOnce(r Runner) error {
	return r.Run(func() error {
		return save(Payment{ID: uuid.NewString()})
	})
}

// attempt makes a fresh identifier; attemptFor uses the one it is given.
func (s *Service) attempt() error { // want attempt:"makesFreshID\\(uuid.NewString\\)"
	return save(Payment{ID: uuid.NewString()})
}

func (s *Service) attemptFor(id string) func() error {
	return func() error { return save(Payment{ID: id}) }
}

// CreateByLocal keeps the method value in a local before the retry.
func (s *Service) CreateByLocal() error {
	op := s.attempt
	return retry.Do(op) // want `op → \(\*Service\)\.attempt → uuid\.NewString in operation passed to retry\.Do makes a new identifier on every attempt`
}

// CreateKeyed derives the identifier once and passes an operation that uses it.
func (s *Service) CreateKeyed() error { // want CreateKeyed:"makesFreshID\\(uuid.NewString\\)"
	op := s.attemptFor(uuid.NewString())
	return retry.Do(op)
}
