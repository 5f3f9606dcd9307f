// Command main imports the wiring package: the relay was reported there,
// so it is not reported again here.
package main

import (
	rabbitmq "github.com/wagslane/go-rabbitmq"

	"realworld/lossypublish/fanout-broker/app"
	"realworld/lossypublish/fanout-broker/outbox"
)

func main() {
	var q outbox.Queries
	_ = app.Wire(&rabbitmq.Publisher{}, q)
	_ = outbox.NewRelay(q, nil)
}
