// Package confirm runs each step in a project transaction helper that begins a
// pgx transaction and hands the callback a project interface instead of
// pgx.Tx. After the insert, the callback asks another service over gRPC, so
// the writing transaction (its row locks, its connection) stays open for the
// whole call and its retries (issue 12: callbacks of a transaction manager).
package confirm

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"google.golang.org/grpc"
)

type Transaction interface {
	CreateCode(ctx context.Context, id, code string) error
}

type txImpl struct{ tx pgx.Tx }

func (t *txImpl) CreateCode(ctx context.Context, id, code string) error {
	_, err := t.tx.Exec(ctx, `INSERT INTO codes (id, code) VALUES ($1, $2)`, id, code)
	return err
}

type Client struct{ db *pgxpool.Pool }

func (c *Client) RunInTransaction(ctx context.Context, fn func(ctx context.Context, tx Transaction) error) error {
	tx, err := c.db.BeginTx(ctx, pgx.TxOptions{})
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if err := fn(ctx, &txImpl{tx: tx}); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

type Service struct {
	db      *Client
	account *grpc.ClientConn
}

func (s *Service) lookupEmail(ctx context.Context, id string) (string, error) {
	var out string
	err := s.account.Invoke(ctx, "/account.v1.AccountService/GetEmailAddress", id, &out)
	return out, err
}

func (s *Service) CreateEmailCode(ctx context.Context, addressID, code string) error {
	return s.db.RunInTransaction(ctx, func(ctx context.Context, tx Transaction) error {
		if err := tx.CreateCode(ctx, addressID, code); err != nil {
			return err
		}
		_, err := s.lookupEmail(ctx, addressID) // want `inside the transaction`
		return err
	})
}
