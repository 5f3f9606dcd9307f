package dedup_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/idemlint/idemlint/idem/dedup"
	"github.com/idemlint/idemlint/idem/internal/pgtest"
)

// TestDeadIsNotProcessed: a dead claim stops redeliveries like a processed
// one, but Release frees it (and only it) for a replay.
func TestDeadIsNotProcessed(t *testing.T) {
	pool := pgtest.NewDB(t, schema...)
	ctx := context.Background()
	tx, err := pool.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if ok, err := dedup.ClaimDead(ctx, tx, "ev-dead", "billing", "poison: bad amount"); err != nil || !ok {
		t.Fatalf("ClaimDead = %v, %v", ok, err)
	}
	if ok, err := dedup.Claim(ctx, tx, "ev-done", "billing"); err != nil || !ok {
		t.Fatalf("Claim = %v, %v", ok, err)
	}
	if err := tx.Commit(ctx); err != nil {
		t.Fatal(err)
	}
	if n := count(t, pool, `SELECT count(*) FROM processed_event WHERE state = 'dead' AND cause LIKE 'poison%'`); n != 1 {
		t.Fatalf("%d dead rows with their cause", n)
	}
	if applied, err := handle(ctx, pool, dedup.Claim, "ev-dead", ""); err != nil || applied {
		t.Fatalf("redelivered dead event: applied=%v err=%v", applied, err)
	}
	n, err := dedup.Release(ctx, pool, "billing", "ev-dead", "ev-done")
	if err != nil || n != 1 {
		t.Fatalf("Release = %d, %v; want 1 (the processed event stays)", n, err)
	}
	if applied, err := handle(ctx, pool, dedup.Claim, "ev-dead", ""); err != nil || !applied {
		t.Fatalf("replayed dead event: applied=%v err=%v", applied, err)
	}
	if applied, _ := handle(ctx, pool, dedup.Claim, "ev-done", ""); applied {
		t.Fatal("Release freed a processed event")
	}
}

func TestUnusableEventIDs(t *testing.T) {
	for _, id := range []string{"", strings.Repeat("x", dedup.MaxEventIDLen+1), "\xff", "a\x00b"} {
		if err := dedup.CheckEventID(id); !errors.Is(err, dedup.ErrBadEventID) {
			t.Errorf("CheckEventID(%.20q) = %v", id, err)
		}
	}
	if err := dedup.CheckEventID(strings.Repeat("x", dedup.MaxEventIDLen)); err != nil {
		t.Error(err)
	}
}
