// Command relay publishes the outbox.
package main

import (
	"context"
	"database/sql"
	"log/slog"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"example.com/corpus2/streams/internal/relay"
)

func main() {
	log := slog.New(slog.NewTextHandler(os.Stderr, nil))
	db, err := sql.Open("postgres", os.Getenv("DATABASE_URL"))
	if err != nil {
		log.Error("db", "err", err)
		os.Exit(1)
	}
	defer db.Close()
	w := relay.NewWriter(strings.Split(os.Getenv("KAFKA_BROKERS"), ","))
	defer w.Close()

	ctx, cancel := context.WithCancel(context.Background())
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, syscall.SIGTERM, syscall.SIGINT)
	go func() {
		<-sigs
		cancel()
	}()

	r := &relay.Relay{DB: db, Writer: w, Log: log, Interval: 500 * time.Millisecond, Batch: 100}
	if err := r.Run(ctx); err != nil {
		log.Error("relay", "err", err)
		os.Exit(1)
	}
}
