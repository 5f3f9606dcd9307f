// Package fxnoloop provides the transactional processor to an fx
// container for an HTTP handler of its own; the loop of package consumer
// is never built in this binary: left alone.
package fxnoloop

import (
	"context"

	"go.uber.org/fx"

	"ctxcancel/stopports/consumer"
	"ctxcancel/stopports/txproc"
)

func asProcessor(p *txproc.Proc) consumer.Processor { return p }

func handle(p consumer.Processor) { _ = p.Process(context.Background(), "ping") }

func Main() {
	fx.New(
		fx.Provide(txproc.New, asProcessor),
		fx.Invoke(handle),
	).Run()
}
