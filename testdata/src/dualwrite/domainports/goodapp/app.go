// Package goodapp wires the outbox implementation: the publish is a row
// in the same database, so nothing is reported.
package goodapp

import (
	"dualwrite/domainports/adapters"
	"dualwrite/domainports/outboxbus"
	"dualwrite/domainports/usecase"
)

func Build() *usecase.Service {
	return usecase.New(&adapters.Orders{}, &outboxbus.Outbox{}, adapters.Log{})
}
