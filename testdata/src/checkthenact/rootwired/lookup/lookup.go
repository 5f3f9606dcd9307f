// Package lookup reads stored responses; it implements no port.
package lookup

import (
	"context"
	"database/sql"
)

// Response returns the stored response for key, or nil.
func Response(ctx context.Context, db *sql.DB, key string) ([]byte, error) { // want Response:`keyOps\(read idempotency_keys\.key of p2\)`
	var body []byte
	err := db.QueryRowContext(ctx, `SELECT body FROM idempotency_keys WHERE key = $1`, key).Scan(&body)
	if err == sql.ErrNoRows {
		return nil, nil
	}
	return body, err
}
