package consumer

import (
	"bytes"
	"context"
	"log/slog"
	"net/http"

	"github.com/twmb/franz-go/pkg/kgo"
	"golang.org/x/sync/errgroup"
)

// Webhooks forwards ledger events to partner webhooks.
type Webhooks struct {
	Client *kgo.Client
	HTTP   *http.Client
	URL    string
	Log    *slog.Logger
}

func (w *Webhooks) forward(ctx context.Context, rec *kgo.Record) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, w.URL, bytes.NewReader(rec.Value))
	if err != nil {
		return err
	}
	req.Header.Set("Idempotency-Key", string(rec.Key)+":"+rec.Topic)
	resp, err := w.HTTP.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Run commits the fetch first "to keep the lag low", then forwards.
func (w *Webhooks) Run(ctx context.Context) error {
	for {
		fetches := w.Client.PollFetches(ctx)
		if fetches.IsClientClosed() {
			return nil
		}
		records := fetches.Records()
		if err := w.Client.CommitRecords(ctx, records...); err != nil { // want: offsetorder
			return err
		}
		for _, rec := range records {
			if err := w.forward(ctx, rec); err != nil {
				w.Log.ErrorContext(ctx, "forward", "offset", rec.Offset, "error", err) // want: skipcommit
			}
		}
	}
}

// RunParallel forwards concurrently and waits before committing.
func (w *Webhooks) RunParallel(ctx context.Context) error {
	for {
		fetches := w.Client.PollFetches(ctx)
		if fetches.IsClientClosed() {
			return nil
		}
		g, gctx := errgroup.WithContext(ctx)
		g.SetLimit(16)
		fetches.EachRecord(func(rec *kgo.Record) {
			g.Go(func() error { return w.forward(gctx, rec) })
		})
		if err := g.Wait(); err != nil {
			return err
		}
		if err := w.Client.CommitUncommittedOffsets(ctx); err != nil {
			return err
		}
	}
}

// RunDetached forwards concurrently and commits without waiting.
func (w *Webhooks) RunDetached(ctx context.Context) error {
	for {
		fetches := w.Client.PollFetches(ctx)
		if fetches.IsClientClosed() {
			return nil
		}
		var g errgroup.Group
		for _, rec := range fetches.Records() {
			g.Go(func() error { return w.forward(ctx, rec) })
		}
		if err := w.Client.CommitUncommittedOffsets(ctx); err != nil { // want: offsetorder
			return err
		}
		go func() {
			if err := g.Wait(); err != nil {
				w.Log.Error("forward", "error", err)
			}
		}()
	}
}
