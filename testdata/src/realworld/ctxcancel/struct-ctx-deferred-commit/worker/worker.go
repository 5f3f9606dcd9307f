// Package worker is a payment worker (batch4 sweep). main (package cmd)
// makes a context with WithCancel and cancels it after receiving SIGTERM
// from a signal.Notify channel; the context is kept in the consumer's
// config struct, which a constructor copies and returns behind an
// interface, and its Start method hands it, from goroutines, to the
// payment processor for each message. The processor begins a transaction
// through a database wrapper and commits it in a defer with that context,
// logging a failed commit and returning nil; the consumer then commits the
// offset. A SIGTERM during a payment cuts the commit, the debit rolls
// back, and the message is committed as done: the payment is lost.
package worker

import (
	"context"
	"log"

	"realworld/ctxcancel/struct-ctx-deferred-commit/database"
)

type Processor interface {
	Process(ctx context.Context, account string, amount int64) error
}

type Payments struct {
	DB *database.DB
}

func (p *Payments) Process(ctx context.Context, account string, amount int64) error { // want Process:"reachesSink p0:database.DB.Commit→tx.Commit"
	tx, err := p.DB.Begin(ctx)
	if err != nil {
		return err
	}
	defer func() {
		if err := p.DB.Commit(ctx, tx); err != nil {
			log.Printf("commit: %v", err)
		}
	}()
	_, err = tx.Exec(ctx, `UPDATE accounts SET balance = balance - $1 WHERE id = $2`, amount, account)
	return err
}

type Job struct {
	Account string
	Amount  int64
}

type Handler interface {
	Start() func()
}

type Config struct {
	Context   context.Context
	Processor Processor
	Jobs      <-chan Job
}

func NewConsumer(cfg Config) Handler {
	return &cfg
}

func (c *Config) Start() func() { // want Start:"reachesSink recv.f0:process→Processor.Process→\\(\\*Payments\\).Process→database.DB.Commit→tx.Commit"
	go func() {
		for job := range c.Jobs {
			go func(j Job) {
				c.process(j)
			}(job)
		}
	}()
	return func() {}
}

func (c *Config) process(job Job) { // want process:"reachesSink recv.f0:Processor.Process→\\(\\*Payments\\).Process→database.DB.Commit→tx.Commit"
	if err := c.Processor.Process(c.Context, job.Account, job.Amount); err != nil {
		log.Printf("process: %v", err)
	}
}
