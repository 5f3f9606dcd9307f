// Package goodapp wires the coordinated use case with the coordinator that
// keeps the function for a background loop: the charge does not run in
// the unit of work's transaction.
package goodapp

import (
	"database/sql"

	"httpintx/helperports/coord"
	"httpintx/helperports/coordinated"
	"httpintx/helperports/httpgw"
	"httpintx/helperports/sqluow"
)

func Build(db *sql.DB) *coordinated.Service {
	return coordinated.New(sqluow.New(db), httpgw.New(), &coord.Queue{})
}
