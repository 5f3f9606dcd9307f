// Package rootoptions sees the adapter but hands the use case only a
// struct that holds no client: nothing is wired.
package rootoptions

import (
	"wiring/adapter"
	"wiring/port"
	"wiring/usecase"
)

var _ = &adapter.HTTPSender{}

func Build() *usecase.Service {
	return usecase.NewWithOptions(port.Options{Retries: 3})
}
