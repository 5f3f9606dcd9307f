// Command app is the composition root: it builds the adapters and hands // want package:`wired\(6\)`
// them to the use cases.
package main

import (
	"database/sql"
	"net/http"

	"checkthenact/rootwired/app"
	"checkthenact/rootwired/bank"
	"checkthenact/rootwired/domain"
	"checkthenact/rootwired/mixed"
	"checkthenact/rootwired/payout"
	"checkthenact/rootwired/store"
)

func main() {
	db, _ := sql.Open("pgx", "")
	keys := &store.IdempotencyKeys{DB: db}
	mw := app.Idempotent(keys) // want `app\.Idempotent checks key with domain\.IdempotencyStore\.Find → store\.\(\*IdempotencyKeys\)\.Find → \(\*sql\.DB\)\.QueryRowContext \(app\.go:20\) and inserts it later with domain\.IdempotencyStore\.Save → store\.\(\*IdempotencyKeys\)\.Save → \(\*sql\.DB\)\.ExecContext \(app\.go:25\) without a claim, wired here: two concurrent retries both pass the check; idempotency_keys\.key has no unique index in the module's schema`
	coupons := &app.Coupons{Redemptions: &store.Redemptions{DB: db}}
	payouts := &payout.Payouts{DB: db, Bank: &bank.Client{HTTP: http.DefaultClient}} // want `payout\.\(\*Payouts\)\.RequestAndSend checks requestID with store\.PayoutForRequest → \(\*sql\.DB\)\.QueryRowContext \(payout\.go:25\) and inserts it later with store\.RecordRequest → \(\*sql\.DB\)\.ExecContext \(payout\.go:32\) without a claim, wired here: two concurrent retries both pass the check; the unique key on payout_requests\.request_id fails the second insert only after domain\.Bank\.Transfer → bank\.\(\*Client\)\.Transfer → \(\*http\.Client\)\.Post \(payout\.go:28\) has run: insert the key first, in the transaction of the work`
	replayer := &mixed.Replayer{DB: db, Store: keys}                                 // want `mixed\.\(\*Replayer\)\.Handle checks req\.Key with lookup\.Response → \(\*sql\.DB\)\.QueryRowContext \(mixed\.go:22\) and inserts it later with domain\.IdempotencyStore\.Save → store\.\(\*IdempotencyKeys\)\.Save → \(\*sql\.DB\)\.ExecContext \(mixed\.go:26\) without a claim, wired here`
	var ledger domain.Ledger
	bookings := &app.Bookings{Ledger: ledger}
	_, _, _, _, _ = mw, coupons, payouts, bookings, replayer
}
