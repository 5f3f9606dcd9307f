// Package inbox claims a record with INSERT ... ON CONFLICT DO NOTHING
// RETURNING and recognises the duplicate by the error text of pgx's no-row
// error instead of errors.Is. The duplicate is handled ("already seen"), so
// there is nothing to report (issue 13: no-row handled through error text).
package inbox

import (
	"context"
	"strings"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Runner struct{ db *pgxpool.Pool }

func (r *Runner) insertInbox(ctx context.Context, topic string, part int32, off int64) (int64, bool, error) { // want insertInbox:"writes\\(\\(\\*pgxpool.Pool\\).QueryRow\\)"
	var id int64
	err := r.db.QueryRow(ctx, `INSERT INTO inbox (topic, part, off) VALUES ($1, $2, $3)
		ON CONFLICT (topic, part, off) DO NOTHING RETURNING id`, topic, part, off).Scan(&id)
	if err != nil {
		if err.Error() == "no rows in result set" {
			return 0, false, nil
		}
		return 0, false, err
	}
	return id, true, nil
}

func (r *Runner) claimLoose(ctx context.Context, key string) (bool, error) { // want claimLoose:"writes\\(\\(\\*pgxpool.Pool\\).QueryRow\\)"
	var id int64
	err := r.db.QueryRow(ctx, `INSERT INTO claims (key) VALUES ($1) ON CONFLICT DO NOTHING RETURNING id`, key).Scan(&id)
	if err != nil && strings.Contains(err.Error(), "no rows") {
		return false, nil
	}
	return err == nil, err
}
