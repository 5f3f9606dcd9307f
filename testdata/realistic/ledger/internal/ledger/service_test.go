package ledger

import (
	"context"
	"os"
	"testing"

	"example.com/corpus/ledger/internal/fraud"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"google.golang.org/grpc"
)

type fakeFraud struct{ decision string }

func (f fakeFraud) Score(context.Context, *fraud.ScoreRequest, ...grpc.CallOption) (*fraud.ScoreReply, error) {
	return &fraud.ScoreReply{Decision: f.decision}, nil
}

func testPool(t *testing.T) *pgxpool.Pool {
	t.Helper()
	url := os.Getenv("TEST_DATABASE_URL")
	if url == "" {
		t.Skip("TEST_DATABASE_URL not set")
	}
	pool, err := pgxpool.New(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	return pool
}

func TestPostIsIdempotent(t *testing.T) {
	pool := testPool(t)
	ctx := context.Background()
	svc := NewService(pool, fakeFraud{decision: "ALLOW"}, nil)
	tr := Transfer{ID: "t-1", From: "a", To: "b", Amount: 100}
	first, err := svc.Post(ctx, tr)
	if err != nil || !first {
		t.Fatalf("first post: %v %v", first, err)
	}
	again, err := svc.Post(ctx, tr)
	if err != nil || again {
		t.Fatalf("second post: %v %v", again, err)
	}
}

func TestPostEntriesInTx(t *testing.T) {
	pool := testPool(t)
	ctx := context.Background()
	tx, err := pool.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback(ctx)
	if err := postEntries(ctx, tx, Transfer{ID: "t-2", From: "a", To: "b", Amount: 5}); err != nil {
		t.Fatal(err)
	}
	if err := tx.Commit(ctx); err != nil {
		t.Fatal(err)
	}
	err = pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		var n int
		return tx.QueryRow(ctx, `SELECT count(*) FROM entries WHERE transfer_id = 't-2'`).Scan(&n)
	})
	if err != nil {
		t.Fatal(err)
	}
}
