// Package cmd wires the checkout to the outbox-backed ports.
package cmd

import (
	"github.com/idemlint/idemlint/examples/good/dualwrite/domainports/checkout"
	"github.com/idemlint/idemlint/examples/good/dualwrite/domainports/pgstore"
)

// Build wires the checkout.
func Build() *checkout.Service {
	return checkout.New(pgstore.Events{}, pgstore.Outbox{})
}
