// Command orders runs the orders service.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"example.com/corpus/orders/internal/consumer"
	"example.com/corpus/orders/internal/inventory"
	"example.com/corpus/orders/internal/platform/httpx"
	"example.com/corpus/orders/internal/relay"
	"example.com/corpus/orders/internal/reservation"
	"example.com/corpus/orders/internal/store"
	"example.com/corpus/orders/internal/usecase"
	"github.com/IBM/sarama"
	"github.com/jmoiron/sqlx"
	"golang.org/x/sync/errgroup"
)

func main() {
	log := slog.Default()

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	sigCh := make(chan os.Signal, 1)
	signal.Notify(sigCh, syscall.SIGTERM, os.Interrupt)
	go func() {
		sig := <-sigCh
		log.Info("shutting down", "signal", sig.String())
		cancel()
	}()

	db, err := sqlx.Open("pgx", os.Getenv("DATABASE_URL"))
	if err != nil {
		log.Error("open db", "error", err)
		os.Exit(1)
	}
	defer db.Close()
	st := store.New(db)
	inv := inventory.New(os.Getenv("INVENTORY_URL"), httpx.NewRetrying(log))
	place := usecase.NewPlaceOrder(st, inv, log)

	cfg := sarama.NewConfig()
	cfg.Consumer.Offsets.AutoCommit.Enable = true
	cfg.Consumer.Offsets.Initial = sarama.OffsetOldest
	cfg.Producer.Return.Successes = true
	cfg.Producer.RequiredAcks = sarama.WaitForAll
	brokers := []string{os.Getenv("KAFKA_BROKERS")}
	group, err := sarama.NewConsumerGroup(brokers, "orders-service", cfg)
	if err != nil {
		log.Error("consumer group", "error", err)
		os.Exit(1)
	}
	defer group.Close()
	producer, err := sarama.NewSyncProducer(brokers, cfg)
	if err != nil {
		log.Error("producer", "error", err)
		os.Exit(1)
	}
	defer producer.Close()

	mux := http.NewServeMux()
	mux.HandleFunc("POST /orders", func(w http.ResponseWriter, r *http.Request) {
		var cmd usecase.PlaceOrderCommand
		if err := json.NewDecoder(r.Body).Decode(&cmd); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		cmd.IdempotencyKey = r.Header.Get("Idempotency-Key")
		if cmd.IdempotencyKey == "" {
			http.Error(w, "Idempotency-Key required", http.StatusBadRequest)
			return
		}
		o, err := place.Execute(r.Context(), cmd)
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		w.WriteHeader(http.StatusCreated)
		_ = json.NewEncoder(w).Encode(o)
	})
	srv := &http.Server{Addr: ":8081", Handler: mux, ReadHeaderTimeout: 5 * time.Second}

	lag := consumer.NewLagTracker()
	g, gctx := errgroup.WithContext(ctx)
	g.Go(func() error {
		for {
			if err := group.Consume(gctx, []string{"payments.succeeded"}, consumer.NewPaymentsHandler(st, log, lag)); err != nil {
				if errors.Is(err, sarama.ErrClosedConsumerGroup) {
					return nil
				}
				log.Error("consume", "error", err)
			}
			if gctx.Err() != nil {
				return nil
			}
		}
	})
	g.Go(func() error { return relay.New(db, st, producer, log).Run(gctx) })
	g.Go(func() error { return (&reservation.Worker{DB: db.DB, Inv: inv, Log: log}).Run(gctx) })
	g.Go(func() error {
		if err := srv.ListenAndServe(); !errors.Is(err, http.ErrServerClosed) {
			return err
		}
		return nil
	})
	g.Go(func() error {
		<-gctx.Done()
		sctx, scancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer scancel()
		return srv.Shutdown(sctx)
	})
	if err := g.Wait(); err != nil {
		log.Error("orders stopped", "error", err)
		os.Exit(1)
	}
}
