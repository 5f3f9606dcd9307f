// Stub of github.com/jackc/pgx/v5 v5.7.6 (pgxpool/pool.go): only the declarations used by tests.
package pgxpool

import (
	"context"

	"github.com/jackc/pgx/v5"
)

func (p *Pool) SendBatch(ctx context.Context, b *pgx.Batch) pgx.BatchResults { return nil }
