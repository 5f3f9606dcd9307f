// Command ledger wires the ledger service: sarama consumer groups for
// postings and refunds, the payout and reconcile loops, and two relays.
package main

import (
	"context"
	"database/sql"
	"errors"
	"log/slog"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/IBM/sarama"
	"golang.org/x/sync/errgroup"

	"example.com/corpus3/ledger/internal/adapters/bank"
	"example.com/corpus3/ledger/internal/adapters/saramabus"
	"example.com/corpus3/ledger/internal/adapters/sqlstore"
	"example.com/corpus3/ledger/internal/consumer"
	"example.com/corpus3/ledger/internal/payout"
	"example.com/corpus3/ledger/internal/platform/sqltx"
	"example.com/corpus3/ledger/internal/relay"
)

func main() {
	log := slog.New(slog.NewTextHandler(os.Stderr, nil))
	if err := run(log); err != nil {
		log.Error("ledger", "err", err)
		os.Exit(1)
	}
}

func run(log *slog.Logger) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	db, err := sql.Open("pgx", os.Getenv("DATABASE_URL"))
	if err != nil {
		return err
	}
	defer db.Close()
	brokers := strings.Split(os.Getenv("KAFKA_BROKERS"), ",")

	pub, err := saramabus.NewProducer(brokers)
	if err != nil {
		return err
	}
	defer pub.Close()
	audit, err := saramabus.NewAuditProducer(brokers)
	if err != nil {
		return err
	}
	defer audit.Close()

	uow := &sqltx.Factory{DB: db}
	entries := sqlstore.Entries{}
	bankc := bank.New(os.Getenv("BANK_URL"))
	postings := consumer.NewPostings(uow, entries, pub, log)
	refunds := consumer.NewRefunds(uow, entries, pub, log)
	payouts := payout.NewService(db, uow, bankc, pub, log)                                                  // want: dualwrite,checkthenact
	reconciler := payout.NewReconciler(uow, entries, bankc, strings.Split(os.Getenv("ACCOUNTS"), ","), log) // want: httpintx

	cfg := sarama.NewConfig()
	cfg.Consumer.Offsets.Initial = sarama.OffsetOldest
	group, err := sarama.NewConsumerGroup(brokers, "ledger", cfg)
	if err != nil {
		return err
	}
	defer group.Close()

	g, gctx := errgroup.WithContext(ctx)
	g.Go(func() error {
		return consume(gctx, group, []string{"postings"}, saramabus.NewGroupHandler(postings.Process, log))
	})
	g.Go(func() error {
		return consume(gctx, group, []string{"refunds"}, saramabus.NewDLQGroupHandler(refunds.Process, pub.Sync(), "refunds.dlq", log))
	})
	g.Go(func() error {
		return consume(gctx, group, []string{"adjustments"}, saramabus.NewParallelGroupHandler(postings.Process, 16, log))
	})
	g.Go(func() error { return reconciler.Run(gctx) }) // ctxcancel: reported in the loop's package (payout/reconcile.go:47), where the fix goes
	g.Go(func() error { return payouts.ExpireStale(gctx) })
	g.Go(func() error { return payouts.RunPending(gctx, nil) })
	g.Go(func() error { return relay.NewOutbox(db, pub, log).Run(gctx) })
	g.Go(func() error { return relay.NewAudit(db, audit, log).Run(gctx) })
	return g.Wait()
}

func consume(ctx context.Context, group sarama.ConsumerGroup, topics []string, h sarama.ConsumerGroupHandler) error {
	for {
		if err := group.Consume(ctx, topics, h); err != nil {
			if errors.Is(err, sarama.ErrClosedConsumerGroup) {
				return nil
			}
			return err
		}
		if ctx.Err() != nil {
			return nil
		}
	}
}
