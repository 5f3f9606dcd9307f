package flags

import (
	"context"
	"fmt"
	"strings"

	"github.com/jackc/pgx/v5/pgxpool"
)

// looksDuplicate is named by -norows-checks: it does not compare with
// ErrNoRows itself.
func looksDuplicate(err error) bool { return err != nil && strings.Contains(err.Error(), "no rows") }

func handledByConfiguredCheck(ctx context.Context, pool *pgxpool.Pool, key string) error {
	var id int64
	err := pool.QueryRow(ctx, `INSERT INTO k (key) VALUES ($1) ON CONFLICT DO NOTHING RETURNING id`, key).Scan(&id)
	if looksDuplicate(err) {
		return nil
	}
	if err != nil {
		return err
	}
	fmt.Println(id)
	return nil
}

type mailer struct{}

// Send is named by -writes: nothing in its body is a known write.
func (mailer) Send(to string) { fmt.Println("mail to", to) }

func gateThenMail(ctx context.Context, pool *pgxpool.Pool, m mailer, key string) error {
	if _, err := pool.Exec(ctx, `INSERT INTO k (key) VALUES ($1) ON CONFLICT DO NOTHING`, key); err != nil { // want `dedup gate never reads RowsAffected before flags.mailer.Send writes`
		return err
	}
	m.Send(key)
	return nil
}
