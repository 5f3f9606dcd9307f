// Package app wires the payment service to the outbox adapters.
package app

import (
	"github.com/idemlint/idemlint/examples/good/dualwrite/cleanarch/outboxpub"
	"github.com/idemlint/idemlint/examples/good/dualwrite/cleanarch/usecase"
)

// Build wires the payment service.
func Build() *usecase.Service {
	return usecase.New(outboxpub.Payments{}, outboxpub.Outbox{})
}
