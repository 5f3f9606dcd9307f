// Package service wires shutdown signals to contexts that reach a commit or
// a publish: signal.NotifyContext, and WithCancel cancelled from a
// signal.Notify goroutine.
package service

import (
	"context"
	"database/sql"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/segmentio/kafka-go"
	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/idemlint/idemlint/examples/bad/ctxcancel/publisher"
)

// Serve publishes on a shutdown context wrapped in a timeout: still
// cancelled on SIGTERM.
func Serve(p *publisher.Publisher, cl *kgo.Client) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	tctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	if err := p.Publish(tctx, kafka.Message{Value: []byte("started")}); err != nil { // want: ctxcancel
		return err
	}
	return cl.ProduceSync(ctx, &kgo.Record{Topic: "events", Value: []byte("ready")}).FirstErr() // want: ctxcancel
}

// Migrate runs a transaction on a context that a signal goroutine cancels.
func Migrate(db *sql.DB) error {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, syscall.SIGTERM)
	go func() {
		<-sigs
		cancel()
	}()
	tx, err := db.BeginTx(ctx, nil) // want: ctxcancel
	if err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, "UPDATE accounts SET migrated = true"); err != nil {
		_ = tx.Rollback()
		return err
	}
	return tx.Commit()
}
