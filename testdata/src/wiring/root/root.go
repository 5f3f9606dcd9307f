// Package root wires the adapter into the use case.
package root

import (
	"net/http"

	"wiring/adapter"
	"wiring/usecase"
)

var name = usecase.Name() // a call of the use case's package that wires nothing

func Build() *usecase.Service {
	_ = name
	s := &adapter.HTTPSender{}
	return usecase.New(s) // want `wiring: port.Sender.Send → adapter.\(\*HTTPSender\).Send`
}

func Literal(_ *http.Client) usecase.Service {
	return usecase.Service{} // no field that takes a Sender is set
}
