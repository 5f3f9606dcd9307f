// Package ledger adapts the ledger gRPC service.
package ledger

import (
	"context"
	"fmt"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"example.com/corpus2/payments/gen/ledgerpb"
)

// Client posts journal entries.
type Client struct {
	rpc     ledgerpb.LedgerClient
	timeout time.Duration
}

// New wraps a connection.
func New(cc grpc.ClientConnInterface) *Client {
	return &Client{rpc: ledgerpb.NewLedgerClient(cc), timeout: 3 * time.Second}
}

// Post posts one entry under the caller's idempotency key.
func (c *Client) Post(ctx context.Context, key, account string, amount int64, currency string) (string, error) {
	ctx, cancel := context.WithTimeout(ctx, c.timeout)
	defer cancel()
	resp, err := c.rpc.PostEntries(ctx, &ledgerpb.PostEntriesRequest{
		IdempotencyKey: key,
		AccountId:      account,
		AmountMinor:    amount,
		Currency:       currency,
	})
	if status.Code(err) == codes.AlreadyExists {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("ledger post: %w", err)
	}
	return resp.GetJournalId(), nil
}

// Balance reads an account balance.
func (c *Client) Balance(ctx context.Context, account string) (int64, error) {
	resp, err := c.rpc.GetBalance(ctx, &ledgerpb.GetBalanceRequest{AccountId: account})
	if err != nil {
		return 0, err
	}
	return resp.GetAvailableMinor(), nil
}
