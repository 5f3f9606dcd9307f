package down

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"

	"onconflict/helper/up"
)

func bad(ctx context.Context, s *up.Store, key string) error {
	id, err := s.Claim(ctx, key) // want `up.\(\*Store\).Claim returns ErrNoRows on a duplicate`
	if err != nil {
		return err
	}
	return s.Charge(ctx, id)
}

func goodHelper(ctx context.Context, s *up.Store, key string) error {
	id, err := s.Claim(ctx, key)
	if up.IsNoRows(err) {
		return nil
	}
	if err != nil {
		return err
	}
	return s.Charge(ctx, id)
}

func goodHelperSecondParam(ctx context.Context, s *up.Store, key string) error {
	id, err := s.Claim(ctx, key)
	if err := up.IgnoreNoRows("claim", err); err != nil {
		return err
	}
	return s.Charge(ctx, id)
}

func badDedupThroughFacts(ctx context.Context, tx pgx.Tx, s *up.Store, key string) error {
	if _, err := tx.Exec(ctx, `INSERT INTO seen (key) VALUES ($1) ON CONFLICT DO NOTHING`, key); err != nil { // want `dedup gate never reads RowsAffected before up.\(\*Store\).Charge writes`
		return err
	}
	fmt.Println("charging", key)
	return s.Charge(ctx, 1)
}

func goodHelperText(ctx context.Context, s *up.Store, key string) error {
	id, err := s.Claim(ctx, key)
	if up.IsDuplicateText(err) {
		return nil
	}
	if err != nil {
		return err
	}
	return s.Charge(ctx, id)
}
