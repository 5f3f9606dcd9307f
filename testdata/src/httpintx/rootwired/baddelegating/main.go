// want package:`wired\(1\)`

// Command baddelegating wires the writing unit of work over the same helper.
package main

import (
	"httpintx/rootwired/delegating"
	"httpintx/rootwired/gateway"
	"httpintx/rootwired/usecase"
)

func main() {
	_ = usecase.NewCheckout(&delegating.Writes{}, delegating.Orders{}, gateway.NewHTTP()) // want `HTTP call domain\.Gateway\.Charge → gateway\.\(\*HTTP\)\.Charge → \(\*http\.Client\)\.Do in usecase\.\(\*Checkout\)\.Pay \(usecase\.go:34\) runs inside the transaction`
}
