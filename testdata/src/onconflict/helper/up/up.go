package up

import (
	"context"
	"errors"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// IsNoRows is the helper every company writes.
func IsNoRows(err error) bool { // want IsNoRows:"checksNoRows\\(0\\)"
	return errors.Is(err, pgx.ErrNoRows)
}

// IgnoreNoRows drops ErrNoRows (its error is the second parameter).
func IgnoreNoRows(what string, err error) error { // want IgnoreNoRows:"checksNoRows\\(1\\)"
	if err == pgx.ErrNoRows {
		return nil
	}
	return err
}

type Store struct{ pool *pgxpool.Pool }

// Claim runs a DO NOTHING RETURNING query and hands the error to its caller.
func (s *Store) Claim(ctx context.Context, key string) (id int64, err error) { // want Claim:"noRowOnConflict\\(\\(\\*pgxpool.Pool\\).QueryRow\\)" Claim:"writes\\(\\(\\*pgxpool.Pool\\).QueryRow\\)"
	err = s.pool.QueryRow(ctx, `INSERT INTO idempotency_key (key) VALUES ($1) ON CONFLICT DO NOTHING RETURNING id`, key).Scan(&id)
	return id, err
}

// Charge writes.
func (s *Store) Charge(ctx context.Context, id int64) error { // want Charge:"writes\\(\\(\\*pgxpool.Pool\\).Exec\\)"
	_, err := s.pool.Exec(ctx, `INSERT INTO charge (id) VALUES ($1)`, id)
	return err
}

// MarkSeen is a dedup gate that ignores the count, but writes nothing afterwards.
func (s *Store) MarkSeen(ctx context.Context, key string) error { // want MarkSeen:"writes\\(\\(\\*pgxpool.Pool\\).Exec\\)" MarkSeen:"discardsInsertCount\\(seen via \\(\\*pgxpool.Pool\\).Exec\\)"
	_, err := s.pool.Exec(ctx, `INSERT INTO seen (key) VALUES ($1) ON CONFLICT DO NOTHING`, key)
	return err
}

// IsDuplicateText looks at the error's text, as some drivers' wrappers force.
func IsDuplicateText(err error) bool { // want IsDuplicateText:"checksNoRows\\(0\\)"
	return err != nil && strings.Contains(err.Error(), "no rows in result set")
}
