// Package franz is a franz-go consumer that commits a fetch before its work.
package franz

import (
	"context"
	"net/http"
	"strings"

	"github.com/twmb/franz-go/pkg/kgo"
)

type Worker struct {
	cl   *kgo.Client
	http *http.Client
}

func (w *Worker) notify(ctx context.Context, r *kgo.Record) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "http://billing/charges", strings.NewReader(string(r.Value)))
	if err != nil {
		return err
	}
	req.Header.Set("Idempotency-Key", string(r.Key))
	resp, err := w.http.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Run commits the whole fetch, then handles its records.
func (w *Worker) Run(ctx context.Context) {
	for {
		fetches := w.cl.PollFetches(ctx)
		if fetches.IsClientClosed() {
			return
		}
		if err := w.cl.CommitRecords(ctx, fetches.Records()...); err != nil { // want: offsetorder
			continue
		}
		fetches.EachRecord(func(r *kgo.Record) {
			_ = w.notify(ctx, r)
		})
	}
}

// RunMarked marks each record before its work.
func (w *Worker) RunMarked(ctx context.Context) {
	for {
		fetches := w.cl.PollFetches(ctx)
		for _, r := range fetches.Records() {
			w.cl.MarkCommitRecords(r) // want: offsetorder
			_ = w.notify(ctx, r)
		}
		_ = w.cl.CommitMarkedOffsets(ctx)
	}
}
