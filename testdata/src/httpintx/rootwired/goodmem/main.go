// Command goodmem wires the HTTP gateway with the in-memory unit of work
// and status repository, which run their callbacks in no transaction.
package main

import (
	"httpintx/rootwired/gateway"
	"httpintx/rootwired/memstore"
	"httpintx/rootwired/persistence"
	"httpintx/rootwired/usecase"
)

func main() {
	_ = usecase.NewCheckout(memstore.UnitOfWork{}, &persistence.Orders{}, gateway.NewHTTP())
	_ = usecase.NewApprover(&memstore.StatusRepo{}, &usecase.WalletClient{Addr: "wallet:80"})
}
