// Stub of github.com/idemlint/idemlint/idem/dedup (this repository's idem
// module, idem/dedup/dedup.go): only the declarations used by tests. The
// bodies are left out on purpose: the analyzers know Claim from their
// tables, not from a fact computed from its source.
package dedup

import (
	"context"

	"github.com/jackc/pgx/v5"
)

// Claim records that consumerID handles eventID, inside tx, and reports
// whether the event was claimed now.
func Claim(ctx context.Context, tx pgx.Tx, eventID, consumerID string) (inserted bool, err error) {
	return false, nil
}
