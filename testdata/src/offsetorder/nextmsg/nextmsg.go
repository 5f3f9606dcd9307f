// Package nextmsg holds commits that concern messages handled in earlier
// iterations (group commit at the top of the loop, commit of the previous
// message) next to the commits that do overtake the work.
package nextmsg

import (
	"context"
	"database/sql"
	"time"

	"github.com/IBM/sarama"
	"github.com/segmentio/kafka-go"
	"github.com/twmb/franz-go/pkg/kgo"
)

func save(ctx context.Context, db *sql.DB, key []byte) error {
	_, err := db.ExecContext(ctx, "INSERT INTO t (k) VALUES ($1) ON CONFLICT DO NOTHING", key)
	return err
}

// Good: the messages handled by earlier iterations are committed before the
// next fetch; the handler works on the message fetched after the commit.
func groupCommitTop(ctx context.Context, r *kafka.Reader, db *sql.DB) error {
	var handled []kafka.Message
	last := time.Now()
	for {
		if len(handled) >= 100 || (len(handled) > 0 && time.Since(last) > time.Second) {
			if err := r.CommitMessages(ctx, handled...); err != nil {
				return err
			}
			handled = handled[:0]
			last = time.Now()
		}
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := save(ctx, db, m.Value); err != nil {
			return err
		}
		handled = append(handled, m)
	}
}

// Good: the same group commit after the fetch: handled holds only messages
// of earlier iterations, m is appended after its work.
func groupCommitAfterFetch(ctx context.Context, r *kafka.Reader, db *sql.DB) error {
	var handled []kafka.Message
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if len(handled) >= 100 {
			if err := r.CommitMessages(ctx, handled...); err != nil {
				return err
			}
			handled = handled[:0]
		}
		if err := save(ctx, db, m.Value); err != nil {
			return err
		}
		handled = append(handled, m)
	}
}

// Bad: the batch committed includes this iteration's message.
func groupCommitIncludesCurrent(ctx context.Context, r *kafka.Reader, db *sql.DB) error {
	var pending []kafka.Message
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		pending = append(pending, m)
		if len(pending) >= 100 {
			r.CommitMessages(ctx, pending...) // want `offset committed by \(\*kafka.Reader\).CommitMessages before save`
			pending = pending[:0]
		}
		if err := save(ctx, db, m.Value); err != nil {
			return err
		}
	}
}

// Good: commit the previous message at the top of the next iteration.
func commitPrevTop(ctx context.Context, r *kafka.Reader, db *sql.DB) error {
	var prev *kafka.Message
	for {
		if prev != nil {
			if err := r.CommitMessages(ctx, *prev); err != nil {
				return err
			}
		}
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := save(ctx, db, m.Value); err != nil {
			return err
		}
		prev = &m
	}
}

// Good: commit the previous message after fetching the next one.
func commitPrevAfterFetch(ctx context.Context, r *kafka.Reader, db *sql.DB) error {
	var prev kafka.Message
	first := true
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if !first {
			if err := r.CommitMessages(ctx, prev); err != nil {
				return err
			}
		}
		if err := save(ctx, db, m.Value); err != nil {
			return err
		}
		prev, first = m, false
	}
}

// Bad: the message is committed, a second one fetched, and the first one
// handled afterwards.
func commitThenFetchThenHandleOld(ctx context.Context, r *kafka.Reader, db *sql.DB) error {
	m, err := r.FetchMessage(ctx)
	if err != nil {
		return err
	}
	r.CommitMessages(ctx, m) // want `offset committed by \(\*kafka.Reader\).CommitMessages before save`
	n, err := r.FetchMessage(ctx)
	if err != nil {
		return err
	}
	save(ctx, db, n.Value)
	return save(ctx, db, m.Value)
}

// Good: franz-go commits what the previous iteration processed before it
// polls again.
func franzCommitPrevious(ctx context.Context, cl *kgo.Client, db *sql.DB) error {
	for {
		if err := cl.CommitUncommittedOffsets(ctx); err != nil {
			return err
		}
		fetches := cl.PollFetches(ctx)
		if fetches.IsClientClosed() {
			return nil
		}
		for _, r := range fetches.Records() {
			if err := save(ctx, db, r.Value); err != nil {
				return err
			}
		}
	}
}

// Bad: the poll comes first, so CommitUncommittedOffsets commits the fetch
// about to be handled.
func franzCommitAfterPoll(ctx context.Context, cl *kgo.Client, db *sql.DB) error {
	for {
		fetches := cl.PollFetches(ctx)
		if err := cl.CommitUncommittedOffsets(ctx); err != nil { // want `offset committed by \(\*kgo.Client\).CommitUncommittedOffsets before save`
			return err
		}
		for _, r := range fetches.Records() {
			if err := save(ctx, db, r.Value); err != nil {
				return err
			}
		}
	}
}

type handler struct{ db *sql.DB }

func (h *handler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (h *handler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

// Good: sarama marks the previous message once the next one arrives.
func (h *handler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error { // want ConsumeClaim:"commitsOffset" ConsumeClaim:"durableWork"
	var prev *sarama.ConsumerMessage
	for msg := range claim.Messages() {
		if prev != nil {
			sess.MarkMessage(prev, "")
		}
		if err := save(sess.Context(), h.db, msg.Value); err != nil {
			return err
		}
		prev = msg
	}
	if prev != nil {
		sess.MarkMessage(prev, "")
	}
	return nil
}

type early struct{ db *sql.DB }

func (h *early) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (h *early) Cleanup(sarama.ConsumerGroupSession) error { return nil }

// Bad: prev is this iteration's message by the time it is marked.
func (h *early) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error { // want ConsumeClaim:"commitsOffset" ConsumeClaim:"durableWork"
	var prev *sarama.ConsumerMessage
	for msg := range claim.Messages() {
		prev = msg
		sess.MarkMessage(prev, "") // want `offset committed by sarama.ConsumerGroupSession.MarkMessage before save`
		if err := save(sess.Context(), h.db, msg.Value); err != nil {
			return err
		}
	}
	return nil
}

// Bad: a select loop that marks the message it just received, then stores it.
func (h *early) selectLoop(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error { // want selectLoop:"commitsOffset" selectLoop:"durableWork"
	for {
		select {
		case msg, ok := <-claim.Messages():
			if !ok {
				return nil
			}
			sess.MarkOffset(msg.Topic, msg.Partition, msg.Offset+1, "") // want `offset committed by sarama.ConsumerGroupSession.MarkOffset before save`
			if err := save(sess.Context(), h.db, msg.Value); err != nil {
				return err
			}
		case <-sess.Context().Done():
			return nil
		}
	}
}
