// Stub of github.com/jackc/pgx/v5 v5.7.6 (pgxpool/tx.go): only the declarations used by tests.
package pgxpool

import "context"

// Tx represents a database transaction acquired from a Pool.
type Tx struct{}

func (tx *Tx) Commit(ctx context.Context) error { return nil }

func (tx *Tx) Rollback(ctx context.Context) error { return nil }
