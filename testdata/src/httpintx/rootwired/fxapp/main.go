// want package:`wired\(1\)`

// Command fxapp wires the approver with uber-fx: no call hands it the
// repository; the container is given the constructors, and the GORM
// repository's is where its transaction meets the wallet call.
package main

import (
	"go.uber.org/fx"

	"httpintx/rootwired/persistence"
	"httpintx/rootwired/usecase"
)

func wallet() *usecase.WalletClient { return &usecase.WalletClient{Addr: "wallet:80"} }

func main() {
	fx.New(
		fx.Provide(
			persistence.NewStatusRepo, // want `HTTP call usecase\.\(\*WalletClient\)\.Release → http\.Post in usecase\.\(\*Approver\)\.Approve \(usecase\.go:73\) runs inside the transaction that persistence\.\(\*StatusRepo\)\.ChangeStatusWith begins at persistence\.go:31`
			wallet,
			usecase.NewApprover,
		),
	).Run()
}
