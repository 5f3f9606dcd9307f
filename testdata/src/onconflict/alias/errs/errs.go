// Package errs names pgx's "no rows" error for the rest of the service.
package errs

import "github.com/jackc/pgx/v5"

// ErrNotFound is pgx.ErrNoRows under the service's own name.
var ErrNotFound = pgx.ErrNoRows // want ErrNotFound:"isNoRows"
