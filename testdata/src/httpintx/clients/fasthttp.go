package clients

import (
	"context"

	"github.com/gofiber/fiber/v2"
	"github.com/jackc/pgx/v5"
	"github.com/valyala/fasthttp"
)

func FastHTTP(ctx context.Context, conn *pgx.Conn, c *fasthttp.Client) error {
	tx, err := conn.BeginTx(ctx, pgx.TxOptions{})
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	_, _ = tx.Exec(ctx, "UPDATE shipment SET booked = true") // the transaction writes
	req := &fasthttp.Request{}
	req.Header.SetMethod("POST")
	if err := c.Do(req, &fasthttp.Response{}); err != nil { // want `HTTP call \(\*fasthttp\.Client\)\.Do inside the transaction begun at fasthttp\.go:12`
		return err
	}
	if _, _, errs := fiber.Post("/v3/order").Bytes(); len(errs) > 0 { // want `HTTP call \(\*fiber\.Agent\)\.Bytes inside the transaction begun at fasthttp\.go:12`
		return errs[0]
	}
	return tx.Commit(ctx)
}

// After the commit: nothing to report.
func FastHTTPAfter(ctx context.Context, conn *pgx.Conn) error {
	tx, err := conn.BeginTx(ctx, pgx.TxOptions{})
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, "UPDATE shipment SET booked = true"); err != nil {
		return err
	}
	if err := tx.Commit(ctx); err != nil {
		return err
	}
	_, _, errs := fiber.Post("/v3/order").Bytes()
	if len(errs) > 0 {
		return errs[0]
	}
	return nil
}
