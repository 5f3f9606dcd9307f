// want package:`wired\(3\)`

// Command app is the composition root: the GORM adapters and the HTTP
// gateway meet the use cases here, and so do their transactions and
// network calls.
package main

import (
	"database/sql"

	"gorm.io/gorm"

	"httpintx/rootwired/gateway"
	"httpintx/rootwired/persistence"
	"httpintx/rootwired/usecase"
)

func main() {
	db := &gorm.DB{}
	checkout := usecase.NewCheckout(&persistence.UnitOfWork{DB: db}, &persistence.Orders{DB: db}, gateway.NewHTTP()) // want `HTTP call domain\.Gateway\.Charge → gateway\.\(\*HTTP\)\.Charge → \(\*http\.Client\)\.Do in usecase\.\(\*Checkout\)\.Pay \(usecase\.go:34\) runs inside the transaction that persistence\.\(\*UnitOfWork\)\.Execute begins at persistence\.go:17 for the callback passed to domain\.UnitOfWork\.Execute \(usecase\.go:30\), wired here; the transaction stays open`
	approver := usecase.NewApprover(persistence.NewStatusRepo(db), &usecase.WalletClient{Addr: "wallet:80"})         // want `HTTP call usecase\.\(\*WalletClient\)\.Release → http\.Post in usecase\.\(\*Approver\)\.Approve \(usecase\.go:73\) runs inside the transaction that persistence\.\(\*StatusRepo\)\.ChangeStatusWith begins at persistence\.go:31 for the callback passed to domain\.StatusRepo\.ChangeStatusWith \(usecase\.go:76\), wired here`
	reserver := usecase.NewReserver(&sql.DB{}, &gateway.Notifier{})                                                  // want `HTTP call domain\.Notifier\.Notify → gateway\.\(\*Notifier\)\.Notify → \(\*http\.Client\)\.Post in usecase\.\(\*Reserver\)\.Reserve \(usecase\.go:97\) runs inside the transaction begun at usecase\.go:89, wired here`
	_, _, _ = checkout, approver, reserver
}
