package dedup_test

import (
	"context"
	"errors"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/idemlint/idemlint/idem/dedup"
	"github.com/idemlint/idemlint/idem/internal/pgtest"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }

type claimFunc func(ctx context.Context, tx pgx.Tx, eventID, consumerID string) (bool, error)

var claims = map[string]claimFunc{"Claim": dedup.Claim, "ClaimReturning": dedup.ClaimReturning}

// schema is processed_event plus a table the "side effect" writes to.
var schema = []string{dedup.Schema, `CREATE TABLE charge (event_id text PRIMARY KEY, amount int NOT NULL)`}

// handle is the handler of the package doc: claim, effect, commit. fail
// cuts it at a step ("claimed", "effect") by returning before the commit, as
// a crash would.
func handle(ctx context.Context, pool *pgxpool.Pool, claim claimFunc, eventID string, fail string) (applied bool, err error) {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return false, err
	}
	defer tx.Rollback(ctx)
	inserted, err := claim(ctx, tx, eventID, "billing")
	if err != nil {
		return false, err
	}
	if !inserted {
		return false, nil
	}
	if fail == "claimed" {
		return false, errors.New("crash after claim")
	}
	if _, err := tx.Exec(ctx, `INSERT INTO charge (event_id, amount) VALUES ($1, 100)`, eventID); err != nil {
		return false, err
	}
	if fail == "effect" {
		return false, errors.New("crash after effect")
	}
	return true, tx.Commit(ctx)
}

func count(t *testing.T, pool *pgxpool.Pool, q string, args ...any) int {
	t.Helper()
	var n int
	if err := pool.QueryRow(context.Background(), q, args...).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func TestClaimOnceAcrossRedeliveries(t *testing.T) {
	pool := pgtest.NewDB(t, schema...)
	ctx := context.Background()
	for name, claim := range claims {
		t.Run(name, func(t *testing.T) {
			ev := "ev-" + name
			// Deliveries cut at every step, then a complete one, then repeats.
			for _, fail := range []string{"claimed", "effect", "", "", ""} {
				applied, err := handle(ctx, pool, claim, ev, fail)
				if fail != "" {
					if err == nil || applied {
						t.Fatalf("cut at %s: applied=%v err=%v", fail, applied, err)
					}
					if n := count(t, pool, `SELECT count(*) FROM processed_event WHERE event_id = $1`, ev); n != 0 {
						t.Fatalf("cut at %s left a claim without its effect", fail)
					}
					continue
				}
				if err != nil {
					t.Fatal(err)
				}
			}
			if n := count(t, pool, `SELECT count(*) FROM charge WHERE event_id = $1`, ev); n != 1 {
				t.Fatalf("charged %d times, want 1", n)
			}
		})
	}
}

func TestClaimReportsFirstOnly(t *testing.T) {
	pool := pgtest.NewDB(t, schema...)
	ctx := context.Background()
	for name, claim := range claims {
		t.Run(name, func(t *testing.T) {
			var got []bool
			for range 3 {
				applied, err := handle(ctx, pool, claim, "ev-first-"+name, "")
				if err != nil {
					t.Fatal(err)
				}
				got = append(got, applied)
			}
			if !got[0] || got[1] || got[2] {
				t.Fatalf("applied per delivery = %v, want [true false false]", got)
			}
			// Another consumer of the same event claims it for itself.
			tx, err := pool.Begin(ctx)
			if err != nil {
				t.Fatal(err)
			}
			defer tx.Rollback(ctx)
			ok, err := claim(ctx, tx, "ev-first-"+name, "shipping")
			if err != nil || !ok {
				t.Fatalf("other consumer: inserted=%v err=%v", ok, err)
			}
		})
	}
}

// TestConcurrentClaims runs two deliveries of one event at the same time:
// the second claim waits for the first transaction, then sees its outcome.
func TestConcurrentClaims(t *testing.T) {
	pool := pgtest.NewDB(t, schema...)
	ctx := context.Background()
	for name, claim := range claims {
		for _, firstCommits := range []bool{true, false} {
			ev := "ev-conc-" + name
			if !firstCommits {
				ev += "-rollback"
			}
			t.Run(ev, func(t *testing.T) {
				tx1, err := pool.Begin(ctx)
				if err != nil {
					t.Fatal(err)
				}
				defer tx1.Rollback(ctx)
				if ok, err := claim(ctx, tx1, ev, "billing"); err != nil || !ok {
					t.Fatalf("first claim: %v %v", ok, err)
				}
				var wg sync.WaitGroup
				var second bool
				var secondErr error
				done := make(chan struct{})
				wg.Go(func() {
					defer close(done)
					tx2, err := pool.Begin(ctx)
					if err != nil {
						secondErr = err
						return
					}
					defer tx2.Rollback(ctx)
					second, secondErr = claim(ctx, tx2, ev, "billing")
					if secondErr == nil {
						secondErr = tx2.Commit(ctx)
					}
				})
				select {
				case <-done:
					t.Fatal("second claim did not wait for the first transaction")
				case <-time.After(100 * time.Millisecond):
				}
				if firstCommits {
					err = tx1.Commit(ctx)
				} else {
					err = tx1.Rollback(ctx)
				}
				if err != nil {
					t.Fatal(err)
				}
				wg.Wait()
				if secondErr != nil {
					t.Fatal(secondErr)
				}
				if second == firstCommits {
					t.Fatalf("second claim inserted=%v after the first transaction committed=%v", second, firstCommits)
				}
				if n := count(t, pool, `SELECT count(*) FROM processed_event WHERE event_id = $1`, ev); n != 1 {
					t.Fatalf("%d claims", n)
				}
			})
		}
	}
}

func TestClaimRefusesEmptyIDs(t *testing.T) {
	pool := pgtest.NewDB(t, schema...)
	ctx := context.Background()
	for name, claim := range claims {
		tx, err := pool.Begin(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := claim(ctx, tx, "", "billing"); err == nil {
			t.Errorf("%s accepted an empty event ID", name)
		}
		if _, err := claim(ctx, tx, "ev", ""); err == nil {
			t.Errorf("%s accepted an empty consumer ID", name)
		}
		_ = tx.Rollback(ctx)
	}
}

func TestPurge(t *testing.T) {
	pool := pgtest.NewDB(t, schema...)
	ctx := context.Background()
	if _, err := pool.Exec(ctx, `INSERT INTO processed_event (event_id, consumer_id, processed_at)
		VALUES ('old', 'c', now() - interval '8 days'), ('new', 'c', now())`); err != nil {
		t.Fatal(err)
	}
	n, err := dedup.Purge(ctx, pool, 7*24*time.Hour)
	if err != nil || n != 1 {
		t.Fatalf("Purge = %d, %v; want 1 row", n, err)
	}
	if c := count(t, pool, `SELECT count(*) FROM processed_event WHERE event_id = 'new'`); c != 1 {
		t.Fatal("Purge deleted a recent claim")
	}
}
