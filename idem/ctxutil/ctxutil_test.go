package ctxutil_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/idemlint/idemlint/idem/ctxutil"
)

type ctxKey struct{}

func TestDetachedKeepsValuesNotCancellation(t *testing.T) {
	parent, stop := context.WithCancel(context.WithValue(context.Background(), ctxKey{}, "trace-1"))
	ctx, cancel := ctxutil.Detached(parent, time.Minute)
	defer cancel()
	stop() // SIGTERM
	if err := ctx.Err(); err != nil {
		t.Fatalf("detached context cancelled with its parent: %v", err)
	}
	if v := ctx.Value(ctxKey{}); v != "trace-1" {
		t.Fatalf("value lost: %v", v)
	}
	if _, ok := ctx.Deadline(); !ok {
		t.Fatal("detached context has no deadline")
	}
}

func TestDetachedTimesOut(t *testing.T) {
	ctx, cancel := ctxutil.Detached(context.Background(), 20*time.Millisecond)
	defer cancel()
	select {
	case <-ctx.Done():
		if !errors.Is(ctx.Err(), context.DeadlineExceeded) {
			t.Fatalf("err = %v", ctx.Err())
		}
	case <-time.After(5 * time.Second):
		t.Fatal("detached context never expired")
	}
}

func TestDetachedCancel(t *testing.T) {
	ctx, cancel := ctxutil.Detached(context.Background(), time.Minute)
	cancel()
	if !errors.Is(ctx.Err(), context.Canceled) {
		t.Fatalf("err = %v after cancel", ctx.Err())
	}
}
