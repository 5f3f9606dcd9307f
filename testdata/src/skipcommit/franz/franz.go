// Package franz holds franz-go poll loops; the client keeps its default
// autocommit (no DisableAutoCommit in the package).
package franz

import (
	"context"
	"log"

	"github.com/twmb/franz-go/pkg/kgo"
)

type processor interface {
	Process(ctx context.Context, r *kgo.Record) error
}

// Bad: a failed record is logged and skipped; autocommit at the next poll
// commits past it.
func autocommit(ctx context.Context, cl *kgo.Client, p processor) {
	for {
		fetches := cl.PollFetches(ctx)
		iter := fetches.RecordIter()
		for !iter.Done() {
			rec := iter.Next()
			if err := p.Process(ctx, rec); err != nil {
				log.Printf("process: %v", err)
				continue // want `processor.Process fails \(franz.go:24\) and the loop moves on: franz-go's autocommit at the next \(\*kgo.Client\).PollFetches \(franz.go:20\)`
			}
		}
	}
}

// Bad: the record loop skips the failure and CommitRecords commits the next one.
func commitRecords(ctx context.Context, cl *kgo.Client, p processor) {
	for {
		fetches := cl.PollFetches(ctx)
		for _, rec := range fetches.Records() {
			if err := p.Process(ctx, rec); err != nil {
				log.Printf("process: %v", err)
				continue // want `processor.Process fails \(franz.go:37\) and the loop moves on: \(\*kgo.Client\).CommitRecords \(franz.go:41\)`
			}
			if err := cl.CommitRecords(ctx, rec); err != nil {
				return
			}
		}
	}
}

// Good: the error stops the consumer before the next poll commits.
func stop(ctx context.Context, cl *kgo.Client, p processor) error {
	for {
		fetches := cl.PollFetches(ctx)
		for _, rec := range fetches.Records() {
			if err := p.Process(ctx, rec); err != nil {
				return err
			}
		}
	}
}

// Bad: the loop breaks on a failed record and commits the marks (not the
// failed record), but the next poll goes on after the batch: the next
// marks commit past the failed record.
func marksThenPoll(ctx context.Context, cl *kgo.Client, p processor) {
	for {
		fetches := cl.PollFetches(ctx)
		for _, rec := range fetches.Records() {
			if err := p.Process(ctx, rec); err != nil {
				break // want `processor.Process fails \(franz.go:67\) and the loop moves on: \(\*kgo.Client\).MarkCommitRecords \(franz.go:70\)`
			}
			cl.MarkCommitRecords(rec)
		}
		_ = cl.CommitMarkedOffsets(ctx)
	}
}

// Good: the marks are committed and the consumer stops; the failed record
// is polled again after the restart.
func marksThenStop(ctx context.Context, cl *kgo.Client, p processor) error {
	for {
		fetches := cl.PollFetches(ctx)
		for _, rec := range fetches.Records() {
			if err := p.Process(ctx, rec); err != nil {
				_ = cl.CommitMarkedOffsets(ctx)
				return err
			}
			cl.MarkCommitRecords(rec)
		}
	}
}
