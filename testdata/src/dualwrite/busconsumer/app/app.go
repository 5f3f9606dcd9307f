// want package:`registered\(a function literal in payout.HandleValidated on bus.Bus.Register\)`
// Package app registers the handlers on the bus port; which bus it is is
// decided by the composition root.
package app

import (
	"database/sql"

	"dualwrite/busconsumer/bus"
	"dualwrite/busconsumer/payout"
)

func Setup(b bus.Bus, db *sql.DB) {
	b.Register("WithdrawValidated", payout.HandleValidated(b, db))
}
