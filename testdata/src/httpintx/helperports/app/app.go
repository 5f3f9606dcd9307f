// want package:`wired\(4\)`

// Package app is the composition root: the writing unit of work, the HTTP
// gateway and the coordinator that runs its function now.
package app

import (
	"database/sql"

	"httpintx/helperports/coord"
	"httpintx/helperports/coordinated"
	"httpintx/helperports/httpgw"
	"httpintx/helperports/sqluow"
	"httpintx/helperports/usecase"
)

func Build(db *sql.DB) (*usecase.Service, *coordinated.Service) {
	svc := usecase.New(sqluow.New(db), httpgw.New(), db)             // want `HTTP call usecase\.\(\*Service\)\.charge → domain\.Gateway\.Charge → httpgw\.\(\*Client\)\.Charge → \(\*http\.Client\)\.Do in usecase\.\(\*Service\)\.PayHelper \(usecase\.go:30\) runs inside the transaction that sqluow\.\(\*UnitOfWork\)\.Execute begins at sqluow\.go:15 for the callback passed to domain\.UnitOfWork\.Execute \(usecase\.go:29\), wired here` `HTTP call domain\.Gateway\.Charge → .* in usecase\.\(\*Service\)\.PayClosure \(usecase\.go:42\) runs inside the transaction that sqluow\.\(\*UnitOfWork\)\.Execute begins` `HTTP call usecase\.\(\*Service\)\.charge → domain\.Gateway\.Charge → .* in usecase\.\(\*Service\)\.Reserve \(usecase\.go:81\) runs inside the transaction begun at usecase\.go:73, wired here`
	co := coordinated.New(sqluow.New(db), httpgw.New(), coord.Now{}) // want `HTTP call coordinated\.\(\*Service\)\.chargeVia → domain\.Gateway\.Charge \(in the domain\.Coordinator\.Run callback\) → .* in coordinated\.\(\*Service\)\.Pay \(coordinated\.go:27\) runs inside the transaction that sqluow\.\(\*UnitOfWork\)\.Execute begins`
	return svc, co
}
