// Package errstop: a loop that stops on errors.Is(ctx.Err(), context.Canceled)
// or ctx.Err() == context.Canceled treats ctx as its stop signal.
package errstop

import (
	"context"
	"database/sql"
	"errors"
	"time"
)

type sweeper struct{ db *sql.DB }

func (s *sweeper) sweep(ctx context.Context) error { // want sweep:"reachesSink p0:db.BeginTx"
	tx, err := s.db.BeginTx(ctx, nil) // want `ctx is cancelled on shutdown \(stop signal ctx\.Err\(\) at errstop\.go:26, via run\) and reaches db\.BeginTx: SIGTERM rolls the transaction back`
	if err != nil {
		return err
	}
	defer tx.Rollback()
	return tx.Commit()
}

func (s *sweeper) run(ctx context.Context) {
	for {
		err := s.sweep(ctx)
		if errors.Is(ctx.Err(), context.Canceled) {
			return
		}
		_ = err
		time.Sleep(time.Second)
	}
}

func (s *sweeper) drain(ctx context.Context, items <-chan int) {
	for range items {
		if ctx.Err() == context.Canceled {
			return
		}
		_ = s.sweep(ctx)
	}
}

// The fixed form: each sweep on a detached context with its own budget.
func (s *sweeper) runDetached(ctx context.Context) {
	for {
		sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), time.Minute)
		_ = s.sweep(sctx)
		cancel()
		if errors.Is(ctx.Err(), context.Canceled) {
			return
		}
		time.Sleep(time.Second)
	}
}

// A loop that stops on its own deadline is a timeout, not shutdown.
func (s *sweeper) untilDeadline(ctx context.Context) { // want untilDeadline:"reachesSink p0:sweep→db.BeginTx"
	for {
		_ = s.sweep(ctx)
		if errors.Is(ctx.Err(), context.DeadlineExceeded) {
			return
		}
	}
}

// errors.Is on another error is not a stop signal.
func (s *sweeper) otherErr(ctx context.Context) { // want otherErr:"reachesSink p0:sweep→db.BeginTx"
	for {
		err := s.sweep(ctx)
		if errors.Is(err, sql.ErrConnDone) {
			return
		}
	}
}
