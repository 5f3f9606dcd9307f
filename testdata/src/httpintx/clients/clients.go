package clients

import (
	"context"

	restyv2 "github.com/go-resty/resty/v2"
	retryablehttp "github.com/hashicorp/go-retryablehttp"
	"github.com/jackc/pgx/v5"
	restyv3 "resty.dev/v3"
)

func Resty(ctx context.Context, conn *pgx.Conn, c2 *restyv2.Client, c3 *restyv3.Client) error {
	tx, err := conn.BeginTx(ctx, pgx.TxOptions{})
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	_, _ = tx.Exec(ctx, "UPDATE account SET seen = true")                                   // the transaction writes
	if _, err := c2.R().SetBody(map[string]string{"k": "v"}).Post("/charges"); err != nil { // want `HTTP call \(\*resty\.Request\)\.Post inside the transaction begun at clients\.go:13`
		return err
	}
	if _, err := c3.R().Get("/charges/1"); err != nil { // want `HTTP call \(\*resty\.Request\)\.Get inside the transaction begun at clients\.go:13`
		return err
	}
	return tx.Commit(ctx)
}

func Retryable(ctx context.Context, tx pgx.Tx, c *retryablehttp.Client) error {
	nested, err := tx.Begin(ctx)
	if err != nil {
		return err
	}
	req, _ := retryablehttp.NewRequest("POST", "/charges", nil)
	_, _ = nested.Exec(ctx, "UPDATE account SET seen = true") // the transaction writes
	if _, err := c.Do(req); err != nil {                      // want `HTTP call \(\*retryablehttp\.Client\)\.Do inside the transaction begun at clients\.go:29`
		return err
	}
	return nested.Commit(ctx)
}
