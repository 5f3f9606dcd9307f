// Command gooddelegating wires the read-only unit of work, whose Execute
// hands read-only options to the helper that begins the transaction.
package main

import (
	"httpintx/rootwired/delegating"
	"httpintx/rootwired/gateway"
	"httpintx/rootwired/usecase"
)

func main() {
	_ = usecase.NewCheckout(&delegating.ReadOnly{}, delegating.Orders{}, gateway.NewHTTP())
}
