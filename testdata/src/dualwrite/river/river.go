// Package river enqueues River jobs next to database writes.
package river

import (
	"context"
	"database/sql"

	"github.com/riverqueue/river"
)

type ShipArgs struct{ OrderID int64 }

func (ShipArgs) Kind() string { return "ship" }

type Service struct {
	db   *sql.DB
	jobs *river.Client[*sql.Tx]
}

// Bad: the order is committed, then the job is inserted in River's own
// transaction: a crash between the two leaves a paid order never shipped.
func (s *Service) Pay(ctx context.Context, id int64) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, "UPDATE orders SET status = 'PAID' WHERE id = $1", id); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	_, err = s.jobs.Insert(ctx, ShipArgs{OrderID: id}, nil) // want `writes to the database .* and then publishes`
	return err
}

// Good: the job is inserted on the order's transaction and commits with it.
func (s *Service) PayTx(ctx context.Context, id int64) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, "UPDATE orders SET status = 'PAID' WHERE id = $1", id); err != nil {
		return err
	}
	if _, err := s.jobs.InsertTx(ctx, tx, ShipArgs{OrderID: id}, nil); err != nil {
		return err
	}
	return tx.Commit()
}

// Good: a job inserted with no write of the function's own.
func (s *Service) Reship(ctx context.Context, id int64) error {
	_, err := s.jobs.Insert(ctx, ShipArgs{OrderID: id}, nil)
	return err
}
