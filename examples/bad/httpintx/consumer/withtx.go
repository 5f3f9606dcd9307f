package consumer

import (
	"context"

	retryablehttp "github.com/hashicorp/go-retryablehttp"
	"github.com/jackc/pgx/v5"

	"github.com/idemlint/idemlint/examples/bad/httpintx/store"
)

// Refund posts the refund through a retrying client inside the store's transaction.
func Refund(ctx context.Context, s *store.Store, client *retryablehttp.Client, orderID string) error {
	return s.WithTx(ctx, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, "UPDATE orders SET state = 'refunding' WHERE id = $1", orderID); err != nil {
			return err
		}
		req, err := retryablehttp.NewRequestWithContext(ctx, "POST", "https://psp.example/refunds", []byte(orderID))
		if err != nil {
			return err
		}
		req.Header.Set("Idempotency-Key", orderID+":refund")
		resp, err := client.Do(req) // want: httpintx
		if err != nil {
			return err
		}
		return resp.Body.Close()
	})
}
