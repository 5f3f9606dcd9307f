// Package svc is a consumer service whose constructors keep what they are
// given (a config struct, or the contexts themselves) in the struct they
// return, behind an interface or not; its Start methods are called
// synchronously and start the goroutines that commit with the kept
// context. The findings are made by the packages that pass a shutdown
// context (../cmd): here every context is a parameter's.
package svc

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Handler interface {
	Start() func()
}

type Config struct {
	Context context.Context
	Pool    *pgxpool.Pool
	Jobs    <-chan string
}

// NewConsumer copies the config and returns it behind Handler.
func NewConsumer(cfg Config) Handler {
	return &cfg
}

func (c *Config) Start() func() { // want Start:"reachesSink recv.f0:save→tx.Commit"
	go func() {
		for id := range c.Jobs {
			go func(id string) {
				c.save(id)
			}(id)
		}
	}()
	return func() {}
}

func (c *Config) save(id string) { // want save:"reachesSink recv.f0:tx.Commit"
	tx, err := c.Pool.Begin(c.Context)
	if err != nil {
		return
	}
	_, _ = tx.Exec(c.Context, `UPDATE jobs SET done = true WHERE id = $1`, id)
	_ = tx.Commit(c.Context)
}

// Worker keeps two contexts: stop ends its loop, work runs the
// transactions.
type Worker struct {
	stop context.Context
	work context.Context
	pool *pgxpool.Pool
}

// NewWorker keeps both contexts it is given.
func NewWorker(stop, work context.Context, pool *pgxpool.Pool) *Worker {
	return &Worker{stop: stop, work: work, pool: pool}
}

// Start runs the loop in a goroutine and commits with the work context.
func (w *Worker) Start() { // want Start:"reachesSink recv.f1:tx.Commit"
	go func() {
		for {
			select {
			case <-w.stop.Done():
				return
			case <-time.After(time.Second):
			}
			tx, err := w.pool.Begin(w.work)
			if err != nil {
				continue
			}
			_ = tx.Commit(w.work)
		}
	}()
}

// NewDetachedWorker detaches the work context before keeping it: its
// transactions survive the shutdown signal.
func NewDetachedWorker(stop, work context.Context, pool *pgxpool.Pool) *Worker {
	return &Worker{stop: stop, work: context.WithoutCancel(work), pool: pool}
}

var _ = time.Second
