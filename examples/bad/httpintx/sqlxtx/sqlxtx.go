// Package sqlxtx reserves stock in an sqlx transaction and calls the
// warehouse API before committing.
package sqlxtx

import (
	"context"
	"net/http"
	"strings"

	"github.com/jmoiron/sqlx"
)

type Store struct {
	DB        *sqlx.DB
	Warehouse string
}

func (s *Store) Reserve(ctx context.Context, sku string, qty int) error {
	tx, err := s.DB.BeginTxx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `UPDATE stock SET reserved = reserved + $1 WHERE sku = $2`, qty, sku); err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, s.Warehouse+"/reservations", strings.NewReader(sku))
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req) // want: httpintx
	if err != nil {
		return err
	}
	resp.Body.Close()
	return tx.Commit()
}
