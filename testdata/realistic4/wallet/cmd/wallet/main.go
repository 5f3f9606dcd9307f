// Command wallet runs the wallet API, its stream consumers and the outbox
// relay.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"os"
	"os/signal"
	"strconv"
	"sync"
	"syscall"
	"time"

	"github.com/redis/go-redis/v9"
	"gorm.io/driver/postgres"
	"gorm.io/gorm"

	"example.com/realistic4/wallet/internal/fxrates"
	"example.com/realistic4/wallet/internal/model"
	"example.com/realistic4/wallet/internal/saga"
	"example.com/realistic4/wallet/internal/stream"
	"example.com/realistic4/wallet/internal/wallet"
)

type bank struct{ card *fxrates.Card }

func (b bank) Payout(ctx context.Context, iban string, amount int64, key string) error {
	_, err := b.card.Pull(ctx, iban, -amount, key)
	return err
}

func main() {
	log := slog.New(slog.NewJSONHandler(os.Stdout, nil))
	if err := run(log); err != nil {
		log.Error("wallet", "err", err)
		os.Exit(1)
	}
}

func run(log *slog.Logger) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	db, err := gorm.Open(postgres.Open(os.Getenv("DATABASE_URL")), &gorm.Config{})
	if err != nil {
		return err
	}
	if err := db.AutoMigrate(&model.Wallet{}, &model.Entry{}, &model.TopUpRequest{}, &model.Transfer{}, &model.TransferClaim{}, &model.OutboxEvent{}, &model.ProcessedEvent{}); err != nil {
		return err
	}
	rdb := redis.NewClient(&redis.Options{Addr: os.Getenv("REDIS_ADDR")})
	hc := &http.Client{Timeout: 10 * time.Second}
	card := &fxrates.Card{Base: os.Getenv("CARD_URL"), HC: hc}
	svc := wallet.New(db, rdb, fxrates.New(os.Getenv("RATES_URL"), hc), card, wallet.WithLogger(log))
	payouts := &saga.Payouts{DB: db, Bank: bank{card: card}, Log: log}

	h := &stream.Handlers{DB: db, Log: log}
	groups := map[string]*stream.Group{}
	for _, name := range []string{"deposits", "cashback", "chargebacks", "refunds", "bonuses", "adjustments"} {
		g, err := stream.NewGroup(ctx, rdb, "bank."+name, "wallet", "wallet-1", log)
		if err != nil {
			return err
		}
		groups[name] = g
	}

	var wg sync.WaitGroup
	wg.Go(func() { _ = groups["deposits"].Run(ctx, h.Deposit) })
	wg.Go(func() { _ = groups["cashback"].Run(ctx, h.Cashback) })      // want: ctxcancel — not planted: Cashback commits on the signal context with no claim (Group.Run → h.Cashback)
	wg.Go(func() { _ = groups["chargebacks"].Run(ctx, h.Chargeback) }) // want: ctxcancel — not planted: Chargeback commits on the signal context with no claim; after a cut commit the redelivery hits the unique IdempotencyKey and stays pending for ever
	wg.Go(func() { _ = h.RunRefunds(ctx, groups["refunds"]) })
	wg.Go(func() { _ = h.RunBonuses(ctx, groups["bonuses"]) })
	wg.Go(func() { _ = h.RunAdjustments(ctx, groups["adjustments"]) })
	relay := &stream.Relay{DB: db, RDB: rdb, Log: log}
	wg.Go(func() { relay.Run(ctx) })

	mux := http.NewServeMux()
	mux.HandleFunc("POST /wallets/{id}/topups", func(w http.ResponseWriter, r *http.Request) {
		amount, _ := strconv.ParseInt(r.URL.Query().Get("amount"), 10, 64)
		id, err := svc.TopUp(r.Context(), r.Header.Get("Idempotency-Key"), r.PathValue("id"), r.URL.Query().Get("card"), amount)
		reply(w, map[string]string{"entry": id}, err)
	})
	mux.HandleFunc("POST /wallets/{id}/debits", func(w http.ResponseWriter, r *http.Request) {
		amount, _ := strconv.ParseInt(r.URL.Query().Get("amount"), 10, 64)
		e, err := svc.Debit(r.Context(), r.PathValue("id"), amount, r.Header.Get("Idempotency-Key"), "api")
		reply(w, e, err)
	})
	mux.HandleFunc("POST /wallets/{id}/convert/{to}", func(w http.ResponseWriter, r *http.Request) {
		reply(w, nil, svc.Convert(r.Context(), r.PathValue("id"), r.PathValue("to")))
	})
	mux.HandleFunc("GET /wallets/{id}/quote/{to}", func(w http.ResponseWriter, r *http.Request) {
		v, err := svc.Quote(r.Context(), r.PathValue("id"), r.PathValue("to"))
		reply(w, map[string]int64{"amount_cents": v}, err)
	})
	mux.HandleFunc("POST /transfers", func(w http.ResponseWriter, r *http.Request) {
		var in struct {
			From, To string
			Amount   int64
		}
		if err := json.NewDecoder(r.Body).Decode(&in); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		id, err := svc.Transfer(r.Context(), r.Header.Get("Idempotency-Key"), in.From, in.To, in.Amount)
		reply(w, map[string]string{"transfer": id}, err)
	})
	mux.HandleFunc("POST /wallets/{id}/payouts/{payout}", func(w http.ResponseWriter, r *http.Request) {
		amount, _ := strconv.ParseInt(r.URL.Query().Get("amount"), 10, 64)
		reply(w, nil, payouts.Payout(r.Context(), r.PathValue("payout"), r.PathValue("id"), r.URL.Query().Get("iban"), amount))
	})
	srv := &http.Server{Addr: ":8081", Handler: mux, ReadHeaderTimeout: 5 * time.Second}
	go func() {
		<-ctx.Done()
		shutdown, cancel := context.WithTimeout(context.Background(), 15*time.Second)
		defer cancel()
		_ = srv.Shutdown(shutdown)
	}()
	if err := srv.ListenAndServe(); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	wg.Wait()
	return nil
}

func reply(w http.ResponseWriter, v any, err error) {
	switch {
	case errors.Is(err, wallet.ErrInsufficientFunds):
		http.Error(w, err.Error(), http.StatusConflict)
	case err != nil:
		http.Error(w, err.Error(), http.StatusInternalServerError)
	default:
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(v)
	}
}
