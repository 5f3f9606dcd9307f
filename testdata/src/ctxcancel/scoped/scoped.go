// Package scoped: a loop that stops on the Done of a request's or a test's
// context stops at the end of the request or the test, not on shutdown.
package scoped

import (
	"context"
	"database/sql"
	"net/http"
	"testing"
	"time"
)

type feed struct {
	db     *sql.DB
	events chan string
}

func (f *feed) ack(ctx context.Context, ev string) error { // want ack:"reachesSink p0:db.BeginTx"
	tx, err := f.db.BeginTx(ctx, nil) // want `ctx is cancelled on shutdown \(stop signal ctx\.Done\(\) at scoped\.go:80, via worker\) and reaches db\.BeginTx: SIGTERM rolls the transaction back`
	if err != nil {
		return err
	}
	defer tx.Rollback()
	return tx.Commit()
}

// A long-poll handler: the loop ends with the request.
func (f *feed) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	for {
		select {
		case <-ctx.Done():
			return
		case ev := <-f.events:
			if err := f.ack(ctx, ev); err != nil {
				return
			}
		}
	}
}

// The same with a timeout added to the request's context.
func (f *feed) poll(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), 25*time.Second)
	defer cancel()
	for ctx.Err() == nil {
		select {
		case <-ctx.Done():
			return
		case ev := <-f.events:
			_ = f.ack(ctx, ev)
		}
	}
}

// A test's context ends with the test.
func testAck(t *testing.T, f *feed) {
	ctx := t.Context()
	for i := 0; i < 3; i++ {
		select {
		case <-ctx.Done():
			return
		default:
		}
		_ = f.ack(ctx, "x")
	}
}

func benchAck(tb testing.TB, f *feed) {
	ctx := tb.Context()
	for ctx.Err() == nil {
		_ = f.ack(ctx, "x")
	}
}

// The same loop on a context of unknown origin is a worker's stop signal.
func (f *feed) worker(ctx context.Context) {
	for {
		select {
		case <-ctx.Done():
			return
		case ev := <-f.events:
			_ = f.ack(ctx, ev)
		}
	}
}

// A request's context and a parameter mixed: the parameter still counts.
func (f *feed) either(ctx context.Context, r *http.Request, useReq bool) {
	if useReq {
		ctx = r.Context()
	}
	for {
		select {
		case <-ctx.Done():
			return
		case ev := <-f.events:
			_ = f.ack(ctx, ev)
		}
	}
}
