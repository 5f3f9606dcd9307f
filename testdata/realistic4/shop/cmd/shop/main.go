// Command shop is the order service: HTTP API, RabbitMQ consumers and the
// outbox relay, wired with uber-fx.
package main

import (
	"context"
	"log/slog"
	"net"
	"net/http"
	"os"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib"
	"github.com/jmoiron/sqlx"
	amqp "github.com/rabbitmq/amqp091-go"
	"go.uber.org/fx"

	"example.com/realistic4/shop/internal/inventory"
	"example.com/realistic4/shop/internal/orders"
	"example.com/realistic4/shop/internal/outbox"
	"example.com/realistic4/shop/internal/payments"
	"example.com/realistic4/shop/internal/platform/httpmw"
	"example.com/realistic4/shop/internal/platform/rabbit"
	"example.com/realistic4/shop/internal/platform/uow"
)

func main() {
	fx.New(
		fx.Provide(
			newLogger,
			newDB,
			newAMQP,
			uow.New,
			httpmw.NewKeyStore,
			func(conn *amqp.Connection) (*rabbit.ConfirmingPublisher, error) {
				return rabbit.NewConfirmingPublisher(conn, "shop.events")
			},
			func(conn *amqp.Connection) (*rabbit.FirePublisher, error) {
				return rabbit.NewFirePublisher(conn, "shop.analytics")
			},
			func() *inventory.Client {
				return &inventory.Client{Base: os.Getenv("WAREHOUSE_URL"), HTTP: &http.Client{Timeout: 5 * time.Second}}
			},
			func() *payments.Client { return payments.New(os.Getenv("PSP_URL")) },
			func(u *uow.UnitOfWork, pub *rabbit.ConfirmingPublisher, inv *inventory.Client, pay *payments.Client) *orders.Service {
				return orders.NewService(u, pub, inv, pay)
			},
			orders.NewConsumers,
		),
		fx.Invoke(registerHTTP, registerConsumers, registerRelays),
	).Run()
}

func newLogger() *slog.Logger { return slog.New(slog.NewJSONHandler(os.Stdout, nil)) }

func newDB(lc fx.Lifecycle) (*sqlx.DB, error) {
	db, err := sqlx.Open("pgx", os.Getenv("DATABASE_URL"))
	if err != nil {
		return nil, err
	}
	lc.Append(fx.Hook{OnStop: func(context.Context) error { return db.Close() }})
	return db, nil
}

func newAMQP(lc fx.Lifecycle) (*amqp.Connection, error) {
	conn, err := amqp.Dial(os.Getenv("AMQP_URL"))
	if err != nil {
		return nil, err
	}
	lc.Append(fx.Hook{OnStop: func(context.Context) error { return conn.Close() }})
	return conn, nil
}

func registerHTTP(lc fx.Lifecycle, svc *orders.Service, keys *httpmw.KeyStore, log *slog.Logger) {
	mux := http.NewServeMux()
	svc.Routes(mux)
	srv := &http.Server{
		Addr:              ":8080",
		Handler:           httpmw.Chain(mux, httpmw.Recover(log), httpmw.Logging(log), httpmw.Idempotent(keys)),
		ReadHeaderTimeout: 5 * time.Second,
	}
	lc.Append(fx.Hook{
		OnStart: func(context.Context) error {
			ln, err := net.Listen("tcp", srv.Addr)
			if err != nil {
				return err
			}
			go func() { _ = srv.Serve(ln) }()
			return nil
		},
		OnStop: srv.Shutdown,
	})
}

func registerConsumers(lc fx.Lifecycle, conn *amqp.Connection, c *orders.Consumers, log *slog.Logger) error {
	paid, err := rabbit.NewSubscription(conn, "shop.payment-captured", log)
	if err != nil {
		return err
	}
	failed, err := rabbit.NewSubscription(conn, "shop.payment-failed", log)
	if err != nil {
		return err
	}
	returns, err := rabbit.NewSubscription(conn, "shop.returns", log)
	if err != nil {
		return err
	}
	ch, err := conn.Channel()
	if err != nil {
		return err
	}
	ctx, cancel := context.WithCancel(context.Background())
	lc.Append(fx.Hook{
		OnStart: func(context.Context) error {
			go func() { _ = paid.Serve(ctx, c.OnPaymentCaptured) }()
			go func() { _ = failed.Serve(ctx, c.OnPaymentFailed) }()
			go func() { _ = returns.Serve(ctx, c.OnReturnRequested) }()
			go func() { _ = c.RunShipments(ctx, ch) }()
			go func() { _ = c.RunDeliveries(ctx, ch) }()
			go func() { _ = c.RunReviews(ctx, ch) }()
			go func() { _ = c.RunInvoices(ctx, ch) }()
			go func() { _ = c.RunCreditNotes(ctx, ch) }()
			return nil
		},
		OnStop: func(context.Context) error { cancel(); return nil },
	})
	return nil
}

func registerRelays(lc fx.Lifecycle, u *uow.UnitOfWork, db *sqlx.DB, events *rabbit.ConfirmingPublisher, analytics *rabbit.FirePublisher, log *slog.Logger) {
	ctx, cancel := context.WithCancel(context.Background())
	primary := outbox.NewRelay(u, events, log, outbox.Every(500*time.Millisecond))
	stats := outbox.NewRelay(u, analytics, log, outbox.BatchSize(500)) // the lossypublish finding is in the relay (outbox/relay.go:72), which publishes through this FirePublisher and marks rows published
	sweeper := &outbox.Sweeper{DB: db, Log: log}
	lc.Append(fx.StartStopHook(
		func() {
			go primary.Run(ctx)
			go stats.Run(ctx)
			go sweeper.Run(ctx)
		},
		cancel,
	))
}
