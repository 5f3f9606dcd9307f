// Command notifier runs the asynq workers, the JetStream consumers, the
// scheduler and the outbox relays.
package main

import (
	"context"
	"log/slog"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"golang.org/x/sync/errgroup"

	"example.com/realistic4/notifier/internal/email"
	"example.com/realistic4/notifier/internal/jsconsumer"
	"example.com/realistic4/notifier/internal/relay"
	"example.com/realistic4/notifier/internal/scheduler"
	"example.com/realistic4/notifier/internal/tasks"
)

func main() {
	log := slog.New(slog.NewTextHandler(os.Stderr, nil))
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, log); err != nil {
		log.Error("notifier", "err", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, log *slog.Logger) error {
	pool, err := pgxpool.New(ctx, os.Getenv("DATABASE_URL"))
	if err != nil {
		return err
	}
	defer pool.Close()
	nc, err := nats.Connect(os.Getenv("NATS_URL"))
	if err != nil {
		return err
	}
	defer nc.Drain()
	js, err := jetstream.New(nc)
	if err != nil {
		return err
	}
	redisOpt := asynq.RedisClientOpt{Addr: os.Getenv("REDIS_ADDR")}
	queue := asynq.NewClient(redisOpt)
	defer queue.Close()

	mail := &email.Client{Base: os.Getenv("MAIL_URL"), HC: &http.Client{Timeout: 10 * time.Second}}
	mailer := &tasks.Mailer{Mail: mail, Log: log}
	mux := asynq.NewServeMux()
	mailer.Register(mux)
	srv := asynq.NewServer(redisOpt, asynq.Config{Concurrency: 8, ShutdownTimeout: 20 * time.Second})

	cons := &jsconsumer.Consumers{JS: js, Mail: mail, Log: log}
	for _, start := range []func(context.Context) (jetstream.ConsumeContext, error){cons.StartPush, cons.StartDigest, cons.StartAlerts} {
		cc, err := start(ctx)
		if err != nil {
			return err
		}
		defer cc.Stop()
	}

	g, gctx := errgroup.WithContext(ctx)
	g.Go(func() error {
		if err := srv.Start(mux); err != nil {
			return err
		}
		<-gctx.Done()
		srv.Shutdown()
		return nil
	})
	sched := &scheduler.Scheduler{Pool: pool, Queue: queue, Log: log, Every: 5 * time.Second}
	g.Go(func() error { sched.Run(gctx); return nil })
	g.Go(func() error { relay.JetStream(pool, js, log).Run(gctx); return nil })
	g.Go(func() error { relay.Core(pool, nc, log).Run(gctx); return nil })
	return g.Wait()
}
