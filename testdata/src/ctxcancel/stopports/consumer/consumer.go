// Package consumer runs a loop that stops on its context and hands each // want package:`pendingStops\(consumer.Processor.Process at consumer.go:27\)`
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
