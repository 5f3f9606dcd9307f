// Package provides registers constructors with a dependency-injection
// container inside the package: the Provides facts name the types its
// provider functions return.
package provides

import "go.uber.org/fx"

type Store struct{}

type Sender interface{ Send(id string) error }

type smtp struct{}

func (smtp) Send(string) error { return nil }

func NewStore() *Store { return &Store{} }

// A module variable: a named constructor and a closure.
var Module = fx.Module("mail", // want Module:`provides\(calls/provides\.Store, calls/provides\.Sender\)`
	fx.Provide(NewStore),
	fx.Provide(func() Sender { return smtp{} }),
)

// A module function returning the container's option type.
func Options() fx.Option { // want Options:`provides\(calls/provides\.Store\)`
	return fx.Provide(NewStore)
}

// Not registrations: a function returning the package's own type, a
// variable holding a call's result, a callback of a basic result.
func Build() *Store { return run(NewStore) }

func run(f func() *Store) *Store { return f() } // want run:`calls\(p0\)`

var count = len(names(func() int { return 1 }))

func names(f func() int) []string { return make([]string, f()) } // want names:`calls\(p0\)`
