// Command ledger runs the ledger service.
package main

import (
	"context"
	"log/slog"
	"net/http"
	"os"
	"strings"
	"time"

	"example.com/corpus/ledger/internal/consumer"
	"example.com/corpus/ledger/internal/fraud"
	"example.com/corpus/ledger/internal/ledger"
	"example.com/corpus/ledger/internal/payout"
	"example.com/corpus/ledger/internal/platform/shutdown"
	"example.com/corpus/ledger/internal/projection"
	"example.com/corpus/ledger/internal/publisher"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/segmentio/kafka-go"
	"github.com/twmb/franz-go/pkg/kgo"
	"golang.org/x/sync/errgroup"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
)

func main() {
	log := slog.New(slog.NewTextHandler(os.Stderr, nil))
	ctx, stop := shutdown.Context(context.Background())
	defer stop()

	pool, err := pgxpool.New(ctx, os.Getenv("DATABASE_URL"))
	if err != nil {
		log.Error("pool", "error", err)
		os.Exit(1)
	}
	defer pool.Close()

	cc, err := grpc.NewClient(os.Getenv("FRAUD_ADDR"), grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		log.Error("grpc", "error", err)
		os.Exit(1)
	}
	defer cc.Close()
	svc := ledger.NewService(pool, fraud.NewFraudServiceClient(cc), log)

	brokers := strings.Split(os.Getenv("KAFKA_BROKERS"), ",")
	transfers, err := consumer.NewTransfers(brokers, pool, svc, log)
	if err != nil {
		log.Error("transfers consumer", "error", err)
		os.Exit(1)
	}
	producer, err := kgo.NewClient(kgo.SeedBrokers(brokers...), kgo.RequiredAcks(kgo.AllISRAcks()))
	if err != nil {
		log.Error("producer", "error", err)
		os.Exit(1)
	}
	defer producer.Close()
	out := &publisher.Outbox{Pool: pool, Client: producer, Every: 200 * time.Millisecond, Timeout: 10 * time.Second, Log: log}

	payouts := &payout.Consumer{
		Reader: kafka.NewReader(kafka.ReaderConfig{Brokers: brokers, GroupID: "ledger-payouts", Topic: "ledger.payouts"}),
		Sender: &payout.Sender{Bank: &payout.Bank{URL: os.Getenv("BANK_URL"), HTTP: &http.Client{Timeout: 15 * time.Second}}, Log: log},
		Log:    log,
	}

	mux := http.NewServeMux()
	mux.HandleFunc("POST /admin/publish", func(w http.ResponseWriter, r *http.Request) {
		if err := out.PublishNow(r.Context(), r.URL.Query().Get("topic"), nil, []byte(r.URL.Query().Get("v"))); err != nil {
			http.Error(w, err.Error(), http.StatusBadGateway)
		}
	})
	mux.HandleFunc("POST /transfers", func(w http.ResponseWriter, r *http.Request) {
		t := ledger.Transfer{ID: r.Header.Get("Idempotency-Key"), From: r.FormValue("from"), To: r.FormValue("to")}
		if _, err := svc.Post(r.Context(), t); err != nil {
			http.Error(w, err.Error(), http.StatusUnprocessableEntity)
		}
	})
	srv := &http.Server{Addr: ":8082", Handler: mux, ReadHeaderTimeout: 3 * time.Second}

	g, gctx := errgroup.WithContext(ctx)
	g.Go(func() error { return transfers.Run(gctx) })
	g.Go(func() error { out.Run(gctx); return nil })
	g.Go(func() error { return payouts.RunDerived(gctx) })
	g.Go(func() error { return (&projection.Rebuilder{Pool: pool, Log: log}).Run(gctx) })
	g.Go(srv.ListenAndServe)
	g.Go(func() error {
		<-gctx.Done()
		sctx, cancel := context.WithTimeout(context.WithoutCancel(gctx), 20*time.Second)
		defer cancel()
		return srv.Shutdown(sctx)
	})
	if err := g.Wait(); err != nil && err != http.ErrServerClosed {
		log.Error("ledger stopped", "error", err)
		os.Exit(1)
	}
}
