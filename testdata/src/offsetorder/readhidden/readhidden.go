// Package readhidden reads from a reader whose config it never sees.
package readhidden

import (
	"context"

	"github.com/segmentio/kafka-go"
)

type Store interface {
	Put(ctx context.Context, key, value []byte) error
}

// Bad: the reader comes from elsewhere; with a GroupID ReadMessage commits.
func Consume(ctx context.Context, r *kafka.Reader, st Store) error { // want Consume:"durableWork"
	for {
		m, err := r.ReadMessage(ctx) // want `ReadMessage commits the offset as it returns \(the reader's config is not visible here; with a GroupID it commits\), before Store.Put`
		if err != nil {
			return err
		}
		if err := st.Put(ctx, m.Key, m.Value); err != nil {
			return err
		}
	}
}
