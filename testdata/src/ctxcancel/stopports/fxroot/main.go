// Package fxroot provides the loop and the transactional processor to an fx container: reported at the processor's provide. // want package:`wired\(2\)`
package fxroot

import (
	"context"

	"go.uber.org/fx"

	"ctxcancel/stopports/consumer"
	"ctxcancel/stopports/txproc"
)

func asProcessor(p *txproc.Proc) consumer.Processor { return p }

func run(ctx context.Context, l *consumer.Loop) { l.Run(ctx) }

func Main() {
	fx.New(
		fx.Provide(
			txproc.New, // want `reaches consumer.Processor.Process \(Run, consumer.go:27\) → txproc.\(\*Proc\).Process → tx.Commit: .*\(wired here\)` `reaches consumer.Processor.Process \(work2, consumer.go:93\)`
			asProcessor,
			consumer.New,
		),
		fx.Invoke(run),
	).Run()
}
