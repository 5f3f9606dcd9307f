// Package test_fixture builds the same application for integration tests:
// its wiring repeats main's and is not reported.
package test_fixture

import (
	"go.uber.org/fx"

	"dualwrite/readfirst/handler"
	"dualwrite/readfirst/repos"
)

func New() *fx.App {
	return fx.New(fx.Provide(repos.NewProducts, handler.NewUpdateHandler))
}
