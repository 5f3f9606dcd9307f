// Package repo implements sweeper.Repository with a query.
package repo

import (
	"context"
	"database/sql"
)

type Orders struct{ db *sql.DB }

func New(db *sql.DB) *Orders { return &Orders{db: db} }

func (o *Orders) FindExpired(ctx context.Context, limit int) ([]string, error) {
	rows, err := o.db.QueryContext(ctx, `SELECT id FROM orders WHERE status = 'pending' AND reserved_until < now() LIMIT $1`, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var ids []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}
