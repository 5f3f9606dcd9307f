package fireforget

import (
	"context"

	"github.com/segmentio/kafka-go"
)

// Good: the handler's error is reported on a channel that main logs, then
// the message is committed; the error carries nothing of the message, so
// the send hands no work over (the store came first).
func ErrChan(ctx context.Context, r *kafka.Reader, st EventStore, errs chan<- error) { // want ErrChan:"commitsOffset" ErrChan:"durableWork\\(EventStore.Save\\)"
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		if err := st.Save(ctx, m.Value); err != nil {
			errs <- err
		}
		r.CommitMessages(ctx, m)
	}
}

// Good: the same error reported as a select case beside ctx.Done().
func ErrChanSelect(ctx context.Context, r *kafka.Reader, st EventStore, errs chan<- error) { // want ErrChanSelect:"commitsOffset" ErrChanSelect:"durableWork\\(EventStore.Save\\)"
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		if err := st.Save(ctx, m.Value); err != nil {
			select {
			case errs <- err:
			case <-ctx.Done():
				return
			}
		}
		r.CommitMessages(ctx, m)
	}
}

// EventStore is a port the consumer writes through.
type EventStore interface {
	Save(ctx context.Context, body []byte) error
}
