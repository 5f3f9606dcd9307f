// Command goodro wires the HTTP gateway with the read-only unit of work:
// the callback's charge runs in a transaction that holds nothing.
package main

import (
	"httpintx/rootwired/gateway"
	"httpintx/rootwired/readstore"
	"httpintx/rootwired/usecase"
)

func main() {
	_ = usecase.NewCheckout(&readstore.UnitOfWork{}, readstore.Orders{}, gateway.NewHTTP())
}
