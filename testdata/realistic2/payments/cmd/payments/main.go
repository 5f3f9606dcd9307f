// Command payments serves the payments API and runs the capture worker.
package main

import (
	"context"
	"database/sql"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/jmoiron/sqlx"
	"golang.org/x/sync/errgroup"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"

	"example.com/corpus2/payments/gen/ledgerpb"
	"example.com/corpus2/payments/gen/riskpb"
	"example.com/corpus2/payments/internal/adapters/ledger"
	"example.com/corpus2/payments/internal/httpapi"
	"example.com/corpus2/payments/internal/store"
	"example.com/corpus2/payments/internal/usecase"
)

func main() {
	log := slog.New(slog.NewJSONHandler(os.Stdout, nil))
	if err := run(log); err != nil {
		log.Error("exit", "err", err)
		os.Exit(1)
	}
}

func run(log *slog.Logger) error {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()

	db, err := sql.Open("postgres", os.Getenv("DATABASE_URL"))
	if err != nil {
		return err
	}
	defer db.Close()
	dbx := sqlx.NewDb(db, "postgres")

	cc, err := grpc.NewClient(os.Getenv("LEDGER_ADDR"), grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		return err
	}
	defer cc.Close()

	payments := &store.Payments{DB: db}
	claims := &store.Claims{DB: dbx}
	capture := &usecase.Capture{
		DB: db, Payments: payments, Ledger: ledger.New(cc),
		LedgerPB: ledgerpb.NewLedgerClient(cc), Risk: riskpb.NewRiskClient(cc), Log: log,
	}
	api := &httpapi.API{DB: db, Payments: payments, Claims: claims, Log: log}
	mux := http.NewServeMux()
	api.Routes(mux)
	srv := &http.Server{
		Addr:              ":8080",
		Handler:           mux,
		ReadHeaderTimeout: 5 * time.Second,
		BaseContext:       func(net.Listener) context.Context { return context.Background() },
	}

	g, gctx := errgroup.WithContext(ctx)
	g.Go(func() error {
		if err := srv.ListenAndServe(); !errors.Is(err, http.ErrServerClosed) {
			return err
		}
		return nil
	})
	g.Go(func() error {
		<-gctx.Done()
		sctx, cancel := context.WithTimeout(context.WithoutCancel(gctx), 20*time.Second)
		defer cancel()
		return srv.Shutdown(sctx)
	})
	g.Go(func() error { return captureLoop(gctx, db, capture, log) })
	g.Go(func() error { return expireLoop(gctx, payments, log) })
	return g.Wait()
}

// captureLoop picks authorized payments and captures them one by one. Each
// capture runs on a detached context with its own budget.
func captureLoop(ctx context.Context, db *sql.DB, uc *usecase.Capture, log *slog.Logger) error {
	t := time.NewTicker(2 * time.Second)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-t.C:
		}
		var ids []string
		rows, err := db.QueryContext(ctx, `SELECT id FROM payments WHERE status = 'AUTHORIZED' LIMIT 50`)
		if err != nil {
			log.Warn("capture scan", "err", err)
			continue
		}
		for rows.Next() {
			var id string
			if err := rows.Scan(&id); err == nil {
				ids = append(ids, id)
			}
		}
		_ = rows.Close()
		for _, id := range ids {
			cctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 15*time.Second)
			if err := uc.Run(cctx, id); err != nil {
				log.Warn("capture", "id", id, "err", err)
			}
			cancel()
		}
	}
}

// expireLoop expires stale pending payments; the UPDATE is idempotent, so a
// cancelled run is simply repeated next time.
func expireLoop(ctx context.Context, p *store.Payments, log *slog.Logger) error {
	for ctx.Err() == nil {
		n, err := p.ExpirePending(ctx, time.Now().Add(-30*time.Minute))
		if err != nil && !errors.Is(err, context.Canceled) {
			log.Warn("expire", "err", err)
		} else if n > 0 {
			log.Info("expired", "count", n)
		}
		select {
		case <-ctx.Done():
		case <-time.After(time.Minute):
		}
	}
	return nil
}
