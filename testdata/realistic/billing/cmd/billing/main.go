// Command billing runs the billing service.
package main

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"os"
	"os/signal"
	"sync"
	"syscall"
	"time"

	httpin "example.com/corpus/billing/internal/adapters/in/http"
	"example.com/corpus/billing/internal/adapters/out/payment"
	"example.com/corpus/billing/internal/config"
	"example.com/corpus/billing/internal/consumer"
	"example.com/corpus/billing/internal/db"
	"example.com/corpus/billing/internal/outbox"
	"example.com/corpus/billing/internal/worker"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/segmentio/kafka-go"
	"golang.org/x/sync/errgroup"
)

func main() {
	if err := run(); err != nil {
		slog.Error("billing stopped", "error", err)
		os.Exit(1)
	}
}

func run() error {
	cfg := config.Load()
	log := slog.New(slog.NewJSONHandler(os.Stdout, nil))

	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()

	pool, err := pgxpool.New(ctx, cfg.DatabaseURL)
	if err != nil {
		return err
	}
	defer pool.Close()

	gw := payment.New(cfg.ProviderURL)
	relay := outbox.NewRelay(pool, cfg.Brokers, log)
	defer relay.Close()

	mux := http.NewServeMux()
	httpin.NewPaymentHandler(pool, gw, log).Routes(mux)
	mux.HandleFunc("POST /admin/outbox/drain", func(w http.ResponseWriter, r *http.Request) {
		if err := relay.Drain(r.Context()); err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		w.WriteHeader(http.StatusNoContent)
	})
	srv := &http.Server{Addr: cfg.HTTPAddr, Handler: mux, ReadHeaderTimeout: 5 * time.Second}

	refundReader := kafka.NewReader(kafka.ReaderConfig{Brokers: cfg.Brokers, GroupID: "billing-refunds", Topic: "payments.refund_requested"})
	defer refundReader.Close()
	auditReader := kafka.NewReader(kafka.ReaderConfig{Brokers: cfg.Brokers, GroupID: "billing-audit", Topic: "payments.events"})
	defer auditReader.Close()

	g, gctx := errgroup.WithContext(ctx)
	g.Go(func() error {
		if err := srv.ListenAndServe(); err != nil && !errors.Is(err, http.ErrServerClosed) {
			return err
		}
		return nil
	})
	g.Go(func() error {
		<-gctx.Done()
		shutdownCtx, cancel := context.WithTimeout(context.Background(), cfg.ShutdownTimeout)
		defer cancel()
		return srv.Shutdown(shutdownCtx)
	})
	g.Go(func() error { return consumer.NewOrderConsumer(cfg.Brokers, pool, log).Run(gctx) })
	g.Go(func() error { return consumer.NewRefundConsumer(refundReader, pool, log).Run(gctx) })
	g.Go(func() error { return consumer.NewAuditConsumer(auditReader, pool, log).RunSafe(gctx) })
	g.Go(func() error { return worker.NewChargeWorker(pool, gw, log).Run(gctx) })
	settlements := &consumer.SettlementConsumer{Reader: kafka.NewReader(kafka.ReaderConfig{Brokers: cfg.Brokers, GroupID: "billing-settlements", Topic: "payments.settled"}), Pool: pool}
	g.Go(func() error { return settlements.Run(gctx) }) // not a finding (a fixed false positive of ctxcancel: an inbox-gated unit, the offset follows its commit)
	ledgerReader := kafka.NewReader(kafka.ReaderConfig{Brokers: cfg.Brokers, GroupID: "billing-ledger", Topic: "payments.settled"})
	g.Go(func() error {
		return consumer.NewLedgerConsumer(ledgerReader, pool, log).Run(context.WithoutCancel(gctx)) // want: ctxcancel
	})

	var wg sync.WaitGroup
	wg.Add(2)
	go relay.Run(gctx, &wg)
	go outbox.NewCleanup(db.New(pool), time.Minute, 5*time.Minute).Run(gctx, &wg)

	err = g.Wait()
	wg.Wait()
	return err
}
