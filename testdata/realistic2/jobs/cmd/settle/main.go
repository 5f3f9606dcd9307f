// Command settle closes yesterday's settlement batches. It runs as a
// Kubernetes CronJob; a SIGTERM lets the current merchant finish.
package main

import (
	"context"
	"flag"
	"log/slog"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/segmentio/kafka-go"
	"github.com/twmb/franz-go/pkg/kgo"

	"example.com/corpus2/jobs/internal/bank"
	"example.com/corpus2/jobs/internal/payout"
	"example.com/corpus2/jobs/internal/settle"
)

func main() {
	merchants := flag.String("merchants", "", "comma-separated merchant ids")
	flag.Parse()
	log := slog.New(slog.NewJSONHandler(os.Stdout, nil))

	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, os.Interrupt)
	defer stop()

	db := sqlx.MustOpen("postgres", os.Getenv("DATABASE_URL"))
	defer db.Close()
	w := &kafka.Writer{Addr: kafka.TCP(os.Getenv("KAFKA_BROKERS")), RequiredAcks: kafka.RequireAll}
	defer w.Close()
	fc, err := kgo.NewClient(kgo.SeedBrokers(os.Getenv("KAFKA_BROKERS")))
	if err != nil {
		log.Error("franz", "err", err)
		os.Exit(1)
	}
	defer fc.Close()
	s := &settle.Settler{DB: db, Writer: w, Franz: fc}
	sender := &payout.Sender{Bank: &bank.Client{HTTP: http.DefaultClient, BaseURL: os.Getenv("BANK_URL")}, Log: log}

	day := time.Now().UTC().AddDate(0, 0, -1).Truncate(24 * time.Hour)
	for _, m := range strings.Split(*merchants, ",") {
		if ctx.Err() != nil {
			log.Info("stopping before", "merchant", m)
			return
		}
		// One merchant at a time, on a budget that a SIGTERM does not cut.
		mctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 2*time.Minute)
		batchID, err := s.Close(mctx, m, day)
		if err == nil && batchID != "" {
			err = s.AnnounceFranz(mctx, batchID) // want: dualwrite
		}
		cancel()
		if err != nil {
			log.Error("close", "merchant", m, "err", err)
			continue
		}
		lines, err := s.Lines(ctx, batchID)
		if err != nil {
			continue
		}
		for _, l := range lines {
			if _, err := sender.SendV5(ctx, l); err != nil {
				log.Error("payout", "line", l.LineNo, "err", err)
			}
		}
	}
}
