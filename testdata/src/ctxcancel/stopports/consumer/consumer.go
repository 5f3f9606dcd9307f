// Package consumer runs a loop that stops on its context and hands each // want package:`pendingStops\(consumer.Processor.Process at consumer.go:27; consumer.Processor.Process at consumer.go:93\)`
// message to a Processor port it declares; the implementations live in
// packages that do not import this one, wired in cmd.
package consumer

import "context"

type Processor interface {
	Process(ctx context.Context, msg string) error
}

type Loop struct {
	p  Processor
	in <-chan string
}

func New(p Processor, in <-chan string) *Loop { return &Loop{p: p, in: in} }

func (l *Loop) Run(ctx context.Context) {
	for {
		var msg string
		select {
		case <-ctx.Done():
			return
		case msg = <-l.in:
		}
		_ = l.p.Process(ctx, msg) // reported at the wiring (cmd: consumer.New)
	}
}

// Drain hands the processor a context of its own: not pending.
func (l *Loop) Drain(ctx context.Context) {
	for {
		select {
		case <-ctx.Done():
			return
		case msg := <-l.in:
			_ = l.p.Process(context.Background(), msg)
		}
	}
}

// Dispatch starts workers on a context that only its deferred cancel
// ends, and returns only once that context is done: the workers' loops
// have no shutdown signal, so nothing is pending.
func (l *Loop) Dispatch(tick <-chan struct{}) error {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	for range 4 {
		go l.work(ctx)
	}
	for {
		select {
		case <-tick:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

func (l *Loop) work(ctx context.Context) { // want work:"reachesSink p0:Processor.Process"
	for {
		select {
		case <-ctx.Done():
			return
		case msg := <-l.in:
			_ = l.p.Process(ctx, msg)
		}
	}
}

// Stoppable keeps the cancel function for Stop: its workers stop on
// shutdown, the call is pending.
type Stoppable struct {
	l      *Loop
	cancel context.CancelFunc
}

func (s *Stoppable) Start() {
	ctx, cancel := context.WithCancel(context.Background())
	s.cancel = cancel
	go s.l.work2(ctx)
}

func (s *Stoppable) Stop() { s.cancel() }

func (l *Loop) work2(ctx context.Context) {
	for {
		select {
		case <-ctx.Done():
			return
		case msg := <-l.in:
			_ = l.p.Process(ctx, msg)
		}
	}
}
