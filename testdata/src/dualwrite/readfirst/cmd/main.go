// want package:`wired\(1\)`

// Command main hands the container the constructors (uber-fx).
package main

import (
	"go.uber.org/fx"

	"dualwrite/readfirst/handler"
	"dualwrite/readfirst/repos"
)

func main() {
	fx.New(fx.Provide(
		repos.NewProducts, // want `handler\.\(\*UpdateHandler\)\.Handle \(handler\.go:29\) writes to the database \(contracts\.Products\.UpdateProduct → … → \(\*pgxpool\.Pool\)\.Exec\) and then publishes \(\(\*kafka\.Writer\)\.WriteMessages\) with no outbox: .* \(wired here\)`
		handler.NewUpdateHandler,
	)).Run()
}
