// Package rootclients hands the use case a struct of clients that holds
// the adapter: the call is the wiring.
package rootclients

import (
	"wiring/adapter"
	"wiring/port"
	"wiring/usecase"
)

func Build() *usecase.Service {
	_ = usecase.NewWithOptions(port.Options{Retries: 3}) // a struct that holds no Sender wires nothing
	clients := &port.Clients{Sender: &adapter.HTTPSender{}, Name: "http"}
	return usecase.NewWithClients(clients) // want `wiring: port.Sender.Send → adapter.\(\*HTTPSender\).Send`
}
