// Package mixed checks the key with a helper in sight and stores it // want package:`pending\(mixed\.\(\*Replayer\)\.Handle at mixed\.go:22 → mixed\.go:26\)`
// through a port that only the composition root wires.
package mixed

import (
	"context"
	"database/sql"

	"checkthenact/rootwired/domain"
	"checkthenact/rootwired/lookup"
)

// Replayer replays stored responses.
type Replayer struct {
	DB    *sql.DB
	Store domain.IdempotencyStore
}

// Handle checks with lookup.Response and saves through the port (bad when
// wired to store.IdempotencyKeys: no unique index on key).
func (r *Replayer) Handle(ctx context.Context, req struct{ Key string }, run func() []byte) ([]byte, error) { // want Handle:`keyOps\(read idempotency_keys\.key of p1\.Key; port: domain\.IdempotencyStore\.Save\)`
	if body, err := lookup.Response(ctx, r.DB, req.Key); err != nil || body != nil {
		return body, err
	}
	body := run()
	return body, r.Store.Save(ctx, req.Key, body)
}
