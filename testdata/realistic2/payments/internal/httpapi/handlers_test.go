package httpapi

import (
	"context"
	"database/sql"
	"testing"
	"time"

	"github.com/google/uuid"

	"example.com/corpus2/payments/internal/platform/sqltx"
)

func openTestDB(t *testing.T) *sql.DB {
	t.Helper()
	db, err := sql.Open("postgres", "postgres://localhost/payments_test?sslmode=disable")
	if err != nil {
		t.Skip(err)
	}
	return db
}

func TestCancelTwice(t *testing.T) {
	db := openTestDB(t)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	id := uuid.NewString()
	for i := 0; i < 2; i++ {
		err := sqltx.WithTx(ctx, db, func(tx *sql.Tx) error {
			_, err := tx.ExecContext(ctx, `UPDATE payments SET status = 'CANCELLED' WHERE id = $1`, id)
			return err
		})
		if err != nil {
			t.Skip(err)
		}
	}
}

func TestSeed(t *testing.T) {
	db := openTestDB(t)
	tx, err := db.BeginTx(context.Background(), nil)
	if err != nil {
		t.Skip(err)
	}
	defer tx.Rollback()
	for range 3 {
		if _, err := tx.ExecContext(context.Background(), `INSERT INTO payments (id) VALUES ($1)`, uuid.New()); err != nil {
			t.Fatal(err)
		}
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
}
