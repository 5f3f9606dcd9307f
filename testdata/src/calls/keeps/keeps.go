// Package keeps: constructors that keep their parameters in the struct
// they return (KeepsParams, ctorstore.go), and those that do not.
package keeps

import "context"

type Handler interface{ Start() func() }

type Config struct {
	Context context.Context
	Name    string
	jobs    chan int
}

// NewConsumer copies its config and returns it behind an interface.
func NewConsumer(cfg Config) Handler { // want NewConsumer:"keeps Config \\*←p0.\\*"
	cfg.jobs = make(chan int)
	return &cfg
}

func (c *Config) Start() func() { return func() {} }

type Worker struct {
	ctx  context.Context
	name string
}

// NewWorker keeps ctx and a field of the options.
func NewWorker(ctx context.Context, opts Config) *Worker { // want NewWorker:"keeps Worker f0←p0 f1←p1.f1"
	return &Worker{ctx: ctx, name: opts.Name}
}

func (w *Worker) Start() func() { return func() {} }

// NewAssigned builds the struct and assigns its fields afterwards.
func NewAssigned(name string, ctx context.Context) (*Worker, error) { // want NewAssigned:"keeps Worker f0←p1 f1←p0"
	if name == "" {
		return nil, nil
	}
	w := &Worker{}
	w.name = name
	w.ctx = ctx
	return w, nil
}

// NewPositional uses a positional literal.
func NewPositional(ctx context.Context) Worker { // want NewPositional:"keeps Worker f0←p0"
	return Worker{ctx, "positional"}
}

// NewDetached stores a context it derives: not a parameter, no fact.
func NewDetached(ctx context.Context) *Worker {
	return &Worker{ctx: context.WithoutCancel(ctx)}
}

// NewFromCall returns what another function builds: not followed.
func NewFromCall(ctx context.Context) *Worker {
	return NewWorker(ctx, Config{})
}

// NewEither returns one of two types: no fact.
func NewEither(ctx context.Context, b bool) any {
	if b {
		return &Worker{ctx: ctx}
	}
	return &Config{Context: ctx}
}

// newUnexported keeps ctx but no other package can call it: no fact.
func newUnexported(ctx context.Context) *Worker { return &Worker{ctx: ctx} }

var _ = newUnexported

// NewNaked uses a naked return: not followed.
func NewNaked(ctx context.Context) (w *Worker) {
	w = &Worker{ctx: ctx}
	return
}

// Init keeps its context in the receiver: a setter.
func (w *Worker) Init(ctx context.Context) { // want Init:"keeps recv.f0←p0"
	w.ctx = ctx
}

// Configure keeps a field of its options and its name parameter.
func (w *Worker) Configure(name string, opts Config) error { // want Configure:"keeps recv.f0←p1.f0 recv.f1←p0"
	w.name = name
	w.ctx = opts.Context
	return nil
}

// Reset stores a context of its own and a derived one: no fact.
func (w *Worker) Reset(ctx context.Context) {
	w.ctx = context.Background()
	w.ctx = context.WithoutCancel(ctx)
}

// SetCopy has a value receiver: it sets its own copy, no setter entry
// (the copy it returns keeps ctx).
func (w Worker) SetCopy(ctx context.Context) Worker { // want SetCopy:"keeps Worker f0←p0$"
	w.ctx = ctx
	return w
}

// InLiteral stores in a function literal: not followed.
func (w *Worker) InLiteral(ctx context.Context) func() {
	return func() { w.ctx = ctx }
}
