// Command orders is the orders service's composition root: it builds the
// adapters, hands them to the use cases and runs the HTTP server and the
// workers in one errgroup until SIGTERM.
package main

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"golang.org/x/sync/errgroup"

	"example.com/corpus3/orders/internal/adapters/pg"
	"example.com/corpus3/orders/internal/adapters/psp"
	"example.com/corpus3/orders/internal/app"
	"example.com/corpus3/orders/internal/httpapi"
	"example.com/corpus3/orders/internal/platform/msgbus"
	"example.com/corpus3/orders/internal/platform/txman"
	"example.com/corpus3/orders/internal/relay"
	"example.com/corpus3/orders/internal/worker"
)

func main() {
	log := slog.New(slog.NewJSONHandler(os.Stdout, nil))
	if err := run(log); err != nil {
		log.Error("orders", "err", err)
		os.Exit(1)
	}
}

func run(log *slog.Logger) error {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()

	pool, err := pgxpool.New(ctx, os.Getenv("DATABASE_URL"))
	if err != nil {
		return err
	}
	defer pool.Close()
	brokers := strings.Split(os.Getenv("KAFKA_BROKERS"), ",")

	tm := txman.New(pool)
	orders := pg.NewOrders(tm)
	events := msgbus.NewProducer(brokers)
	defer events.Close()

	svc := app.NewOrders(app.Deps{ // want: dualwrite,httpintx — Place (announce) and Pay (charge), through helpers; PriceIn's Quote inside WithinReadOnly is not a finding (a fixed false positive of httpintx: its helper begins the transaction read-only)
		Tx:       tm,
		Orders:   orders,
		Outbox:   pg.NewOutbox(tm),
		Coupons:  pg.NewCoupons(tm),
		Events:   events,
		Attempts: pg.NewAttempts(tm),
		Payments: pg.NewPayments(tm),
		Gateway:  psp.New(os.Getenv("PSP_URL"), os.Getenv("PSP_KEY")),
	})
	keys := pg.NewIdempotencyKeys(tm)
	h := &httpapi.Handlers{Orders: svc}
	srv := &http.Server{Addr: ":8080", Handler: h.Routes(keys, httpapi.Idempotent(keys, log)), ReadHeaderTimeout: 5 * time.Second} // want: checkthenact

	payments := worker.NewPayments(msgbus.NewConsumer(brokers, "orders", "payments.events", log),
		tm, pg.NewInbox(tm), orders, pg.NewPayments(tm), log)
	refunds := worker.NewRefunds(msgbus.NewConsumer(brokers, "orders", "payments.refunds", log), tm, orders, pg.NewOutbox(tm), log)
	chargebacks := worker.NewChargebacks(msgbus.NewConsumer(brokers, "orders", "payments.chargebacks", log), tm, pg.NewInbox(tm), orders, log)
	capture := worker.NewAutoCapture(msgbus.NewConsumer(brokers, "orders-capture", "orders.placed", log),
		psp.New(os.Getenv("PSP_URL"), os.Getenv("PSP_KEY")), orders, os.Getenv("CAPTURE_KEYED") == "1", log)
	deliveries := worker.NewDeliveries(msgbus.NewConsumer(brokers, "orders", "carriers.deliveries", log), orders, log)
	shipments := worker.NewShipments(msgbus.NewConsumer(brokers, "orders", "warehouse.shipments", log), orders, log)
	digest := worker.NewDigest(pool, log, time.Hour)
	rollup := worker.NewRollup(pool, log, time.Hour)
	fast := msgbus.NewFastProducer(brokers)
	defer fast.Close()
	rl := relay.New(pool, fast, log) // want: lossypublish

	g, gctx := errgroup.WithContext(ctx)
	g.Go(func() error {
		if err := srv.ListenAndServe(); !errors.Is(err, http.ErrServerClosed) {
			return err
		}
		return nil
	})
	g.Go(func() error {
		<-gctx.Done()
		sctx, cancel := context.WithTimeout(context.WithoutCancel(gctx), 15*time.Second)
		defer cancel()
		return srv.Shutdown(sctx)
	})
	g.Go(func() error { return payments.Run(gctx) })    // not a finding (a fixed false positive of ctxcancel): Payments.Handle, handed to msgbus.Consumer.Run, claims the event id through the Inbox port inside the TxManager callback and skips a duplicate; the loop acks after it: inbox-gated
	g.Go(func() error { return refunds.Run(gctx) })     // want: ctxcancel — Refunds.Run hands w.Handle to msgbus.Consumer.Run, which passes gctx to it per message; Handle commits through the TxManager callback, not inbox-gated
	g.Go(func() error { return chargebacks.Run(gctx) }) // not a finding (a fixed false positive of ctxcancel): Chargebacks.handle claims the event id through the Inbox port inside the TxManager callback and skips a duplicate: inbox-gated
	g.Go(func() error { return shipments.Run(gctx) })
	g.Go(func() error { return deliveries.Run(gctx) })
	g.Go(func() error { return capture.Run(gctx) })
	g.Go(func() error { return digest.Start(gctx) })
	g.Go(func() error { return rollup.Start(gctx) })
	g.Go(func() error { return rl.Run(gctx) })
	return g.Wait()
}
