// Package down calls helper/up with shutdown contexts.
package down

import (
	"context"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/segmentio/kafka-go"

	"ctxcancel/helper/up"
)

func Main(p *up.Publisher, w *kafka.Writer) {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	// A shutdown context wrapped in WithTimeout is still cancelled on shutdown.
	tctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	_ = p.Publish(tctx, kafka.Message{})                      // want `tctx is cancelled on shutdown \(stop signal signal.NotifyContext at down.go:17\) and reaches up.Publisher.Publish → writer.WriteMessages`
	_ = up.PublishTimed(ctx, w, kafka.Message{})              // want `reaches up.PublishTimed → writer.WriteMessages`
	_ = up.PublishTimed(up.Detached(ctx), w, kafka.Message{}) // the helper adds the timeout: fine
	_ = w.WriteMessages(up.Detached(ctx), kafka.Message{})    // want `up.Detached\(ctx\) is detached with context.WithoutCancel \(at down.go:25\) but has no timeout when it reaches writer.WriteMessages`
	dctx, dcancel := up.DetachedTimeout(ctx, time.Second)
	defer dcancel()
	_ = w.WriteMessages(dctx, kafka.Message{}) // detached with a deadline: fine
}
