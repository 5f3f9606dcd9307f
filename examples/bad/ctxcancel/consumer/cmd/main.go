// Package cmd is the consumer's composition root: the shutdown context
// goes into the config here.
package cmd

import (
	"context"
	"database/sql"
	"os"
	"os/signal"
	"syscall"

	"github.com/idemlint/idemlint/examples/bad/ctxcancel/consumer"
)

// Run consumes until SIGTERM.
func Run(db *sql.DB, jobs <-chan string) {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	h := consumer.NewConsumer(consumer.Config{Context: ctx, DB: db, Jobs: jobs})
	done := h.Start() // want: ctxcancel
	<-ctx.Done()
	done()
}
