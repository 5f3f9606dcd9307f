// Package accounts manages ledger accounts.
package accounts

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strings"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Repo stores accounts.
type Repo struct {
	Pool *pgxpool.Pool
	HTTP *http.Client
	Log  *slog.Logger
}

func isUnique(err error) bool {
	var pgErr *pgconn.PgError
	return errors.As(err, &pgErr) && pgErr.Code == "23505"
}

// CreateReferralCode picks a random short code and tries again with a new
// one when it collides: a fresh value per attempt is the point.
func (r *Repo) CreateReferralCode(ctx context.Context, accountID string) (string, error) {
	for attempt := 0; attempt < 5; attempt++ {
		code := strings.ToUpper(rand.Text()[:8]) // not a finding (a fixed false positive of uuidinretry)
		_, err := r.Pool.Exec(ctx, `INSERT INTO referral_codes (code, account_id) VALUES ($1, $2)`, code, accountID)
		if err == nil {
			return code, nil
		}
		if !isUnique(err) {
			return "", err
		}
	}
	return "", errors.New("no free referral code after 5 attempts")
}

// CreatePublicID gives the account a public ID, regenerated on collision.
func (r *Repo) CreatePublicID(ctx context.Context, accountID string) (string, error) {
	for {
		pid := "acc_" + strings.ReplaceAll(uuid.NewString(), "-", "")[:12]
		tag, err := r.Pool.Exec(ctx, `UPDATE accounts SET public_id = $2 WHERE id = $1 AND public_id IS NULL`, accountID, pid)
		if isUnique(err) {
			continue
		}
		if err != nil {
			return "", err
		}
		if tag.RowsAffected() == 0 {
			return "", fmt.Errorf("account %s already has a public id", accountID)
		}
		return pid, nil
	}
}

// Open opens an account; when the begin fails it reports to the status
// page, no transaction being open on that path.
func (r *Repo) Open(ctx context.Context, owner string) (string, error) {
	tx, err := r.Pool.Begin(ctx)
	if err != nil {
		r.report(ctx, "begin failed: "+err.Error())
		return "", err
	}
	defer tx.Rollback(ctx)
	var id string
	if err := tx.QueryRow(ctx, `INSERT INTO accounts (owner) VALUES ($1) RETURNING id`, owner).Scan(&id); err != nil {
		return "", err
	}
	return id, tx.Commit(ctx)
}

func (r *Repo) report(ctx context.Context, msg string) {
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, "https://status.example/ping?msg="+msg, nil)
	if resp, err := r.HTTP.Do(req); err == nil {
		resp.Body.Close()
	}
}

// insertMarker returns the command tag; its caller reads the count.
func insertMarker(ctx context.Context, tx pgx.Tx, key string) (pgconn.CommandTag, error) {
	return tx.Exec(ctx, `INSERT INTO markers (key) VALUES ($1) ON CONFLICT DO NOTHING`, key)
}

// Mark runs the side effect once per key.
func (r *Repo) Mark(ctx context.Context, key, account string) error {
	return pgx.BeginFunc(ctx, r.Pool, func(tx pgx.Tx) error {
		tag, err := insertMarker(ctx, tx, key)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return nil
		}
		_, err = tx.Exec(ctx, `UPDATE accounts SET marks = marks + 1 WHERE id = $1`, account)
		return err
	})
}

const claimQuery = `INSERT INTO claims (key) VALUES ($1) ON CONFLICT (key) DO NOTHING RETURNING key`

// ClaimMany claims keys in one batch and counts the fresh ones; a missing
// row means the key was taken.
func (r *Repo) ClaimMany(ctx context.Context, keys []string) (int, error) {
	b := &pgx.Batch{}
	for _, k := range keys {
		b.Queue(claimQuery, k)
	}
	br := r.Pool.SendBatch(ctx, b)
	defer br.Close()
	fresh := 0
	for range keys {
		var k string
		err := br.QueryRow().Scan(&k)
		if errors.Is(err, pgx.ErrNoRows) {
			continue
		}
		if err != nil {
			return fresh, err
		}
		fresh++
	}
	return fresh, nil
}

// ClaimAll claims keys in one batch and fails on a taken key.
func (r *Repo) ClaimAll(ctx context.Context, keys []string) error {
	b := &pgx.Batch{}
	for _, k := range keys {
		b.Queue(claimQuery, k)
	}
	br := r.Pool.SendBatch(ctx, b)
	defer br.Close()
	for range keys {
		var k string
		if err := br.QueryRow().Scan(&k); err != nil { // want: onconflict
			return err
		}
	}
	return nil
}

// ClaimRows claims with Query and iterates the rows: no ErrNoRows here.
func (r *Repo) ClaimRows(ctx context.Context, key string) (bool, error) {
	rows, err := r.Pool.Query(ctx, claimQuery, key)
	if err != nil {
		return false, err
	}
	defer rows.Close()
	claimed := rows.Next()
	return claimed, rows.Err()
}

// ClaimCollect claims with CollectOneRow and fails on a taken key.
func (r *Repo) ClaimCollect(ctx context.Context, key string) (string, error) {
	rows, err := r.Pool.Query(ctx, claimQuery, key)
	if err != nil {
		return "", err
	}
	k, err := pgx.CollectOneRow(rows, pgx.RowTo[string]) // want: onconflict (CollectOneRow)
	if err != nil {
		return "", fmt.Errorf("claim %s: %w", key, err)
	}
	return k, nil
}
