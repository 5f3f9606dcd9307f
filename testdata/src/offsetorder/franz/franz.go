// Package franz holds franz-go consumers.
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

func (w *Worker) notify(ctx context.Context, r *kgo.Record) error { // want notify:"durableWork"
	req, err := http.NewRequestWithContext(ctx, "POST", "http://billing/charge", strings.NewReader(string(r.Value)))
	if err != nil {
		return err
	}
	_, err = w.http.Do(req)
	return err
}

// Bad: the whole fetch is committed before its records are handled.
func (w *Worker) BatchFirst(ctx context.Context) { // want BatchFirst:"commitsOffset" BatchFirst:"durableWork"
	for {
		fetches := w.cl.PollFetches(ctx)
		w.cl.CommitRecords(ctx, fetches.Records()...) // want `offset committed by \(\*kgo.Client\).CommitRecords before \(\*Worker\).notify`
		for _, r := range fetches.Records() {
			w.notify(ctx, r)
		}
	}
}

// Good: per-record commit after the record's work; batch commit after all.
func (w *Worker) RecordAfter(ctx context.Context) { // want RecordAfter:"commitsOffset" RecordAfter:"durableWork"
	for {
		fetches := w.cl.PollFetches(ctx)
		for _, r := range fetches.Records() {
			if err := w.notify(ctx, r); err != nil {
				continue
			}
			w.cl.MarkCommitRecords(r)
		}
		w.cl.CommitUncommittedOffsets(ctx)
	}
}

// Bad: in the EachRecord callback, the record is marked before the work.
func (w *Worker) EachRecordFirst(ctx context.Context) { // want EachRecordFirst:"commitsOffset" EachRecordFirst:"durableWork"
	for {
		fetches := w.cl.PollFetches(ctx)
		fetches.EachRecord(func(r *kgo.Record) {
			w.cl.MarkCommitRecords(r) // want `offset committed by \(\*kgo.Client\).MarkCommitRecords before \(\*Worker\).notify`
			w.notify(ctx, r)
		})
	}
}

// Bad: CommitUncommittedOffsets before the EachRecord that does the work.
func (w *Worker) CommitBeforeEach(ctx context.Context) { // want CommitBeforeEach:"commitsOffset" CommitBeforeEach:"durableWork"
	for {
		fetches := w.cl.PollFetches(ctx)
		w.cl.CommitUncommittedOffsets(ctx) // want `offset committed by \(\*kgo.Client\).CommitUncommittedOffsets before kgo.Fetches.EachRecord → \(\*Worker\).notify`
		fetches.EachRecord(func(r *kgo.Record) {
			w.notify(ctx, r)
		})
	}
}

// Good: all handlers of the batch finished.
func (w *Worker) CommitAfterEach(ctx context.Context) { // want CommitAfterEach:"commitsOffset" CommitAfterEach:"durableWork"
	for {
		fetches := w.cl.PollFetches(ctx)
		fetches.EachRecord(func(r *kgo.Record) {
			w.notify(ctx, r)
		})
		if err := w.cl.CommitUncommittedOffsets(ctx); err != nil {
			return
		}
	}
}
