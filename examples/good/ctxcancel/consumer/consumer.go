// Package consumer is a job consumer whose constructor copies its config
// (with the process's shutdown context) and returns it behind an
// interface. Start, called synchronously, starts one goroutine per job;
// the config's context only stops the loop, and each job's transaction
// runs on a detached context with its own deadline, so that the jobs in
// flight finish on SIGTERM.
package consumer

import (
	"context"
	"database/sql"
	"log"
	"time"
)

// Handler starts consuming and returns a stop func.
type Handler interface {
	Start() func()
}

// Config is what main hands the consumer.
type Config struct {
	Context context.Context
	DB      *sql.DB
	Jobs    <-chan string
}

// NewConsumer copies the config.
func NewConsumer(cfg Config) Handler {
	return &cfg
}

// Start consumes the jobs in goroutines.
func (c *Config) Start() func() {
	go func() {
		for id := range c.Jobs {
			if c.Context.Err() != nil {
				return
			}
			go func(id string) {
				if err := c.settle(id); err != nil {
					log.Printf("settle %s: %v", id, err)
				}
			}(id)
		}
	}()
	return func() {}
}

func (c *Config) settle(id string) error {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(c.Context), 30*time.Second)
	defer cancel()
	tx, err := c.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE payments SET settled = true WHERE id = $1`, id); err != nil {
		_ = tx.Rollback()
		return err
	}
	return tx.Commit()
}
