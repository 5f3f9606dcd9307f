// Package consumer runs a kafka-go consumer whose side effects happen once
// per event, however often Kafka delivers it.
//
// Kafka delivers at least once: whatever offset was not committed when the
// pod stopped is delivered again, and an outbox relay may publish an event
// twice. So each message is handled in one database transaction that claims
// the event (package dedup), applies the effect and writes any outgoing
// event to the outbox (package outbox) — and the offset is committed only
// after that transaction has committed:
//
//	FetchMessage → BEGIN; dedup.Claim; handler; COMMIT → CommitMessages
//
// A cut at any point is safe: before the COMMIT nothing happened and the
// message comes again; after it, the redelivery finds the claim and is
// skipped (its offset is committed then). ReadMessage is never used: with a
// GroupID it commits the offset as soon as it returns, before the work.
//
//	c := &consumer.Consumer{
//		Reader: kafka.NewReader(kafka.ReaderConfig{
//			Brokers: brokers, GroupID: "billing", Topic: "orders",
//			CommitInterval: 0, // commit synchronously, when asked
//		}),
//		DB:         pool,
//		ConsumerID: "billing",
//		Handler: func(ctx context.Context, tx pgx.Tx, msg kafka.Message) error {
//			var ev OrderConfirmed
//			if err := json.Unmarshal(msg.Value, &ev); err != nil {
//				return err
//			}
//			// effects in this database, and an outbox row for the charge:
//			// no HTTP call inside the transaction
//			return outbox.Enqueue(ctx, tx, outbox.Event{
//				ID: key.For(ev.OrderID, "charge"), Topic: "charges", Value: msg.Value,
//			})
//		},
//	}
//	err := c.Run(ctx) // returns when ctx is cancelled (SIGTERM)
//	_ = c.Reader.Close()
//
// Run checks ctx only between messages. The message in hand is handled and
// committed on a context detached from the shutdown (ctxutil.Detached) with
// HandleTimeout, so SIGTERM does not roll back a transaction at its commit.
//
// Failures. A failing attempt is retried on the same message, with backoff
// (RetryBackoff doubling up to 30s), until it succeeds or ctx is done; the
// message's partition waits meanwhile (later offsets are not committed past
// it). Only the message's own failures count against MaxAttempts: a handler
// error, a commit refused for the data (SQLSTATE classes 22, 23), or a
// claim that can never succeed. Failures of the database or the network —
// Begin errors, lost connections, serialization failures and deadlocks
// (class 40) whether met by the claim or by the handler, a server shutting
// down (57), out of resources (53) — are retried without counting, so a
// database failover never sends healthy messages to the dead letter.
//
// Dead letters. With MaxAttempts set, a message that still fails is handed
// to DeadLetter (cause: its last error, never nil) in a transaction that
// claims it as dead (dedup.ClaimDead: state 'dead', with the cause), which
// is not the same as processed. A message whose event ID cannot be claimed
// at all (empty, longer than dedup.MaxEventIDLen, not UTF-8) goes to the
// dead letter at once, claimed under "unusable-event-id:" and the ID's hash,
// with a cause wrapping dedup.ErrBadEventID; without a DeadLetter, Run
// returns that error instead of retrying a message that can never pass.
// Redeliveries of a dead event are skipped. To replay dead events after a
// fix: list them (SELECT event_id, cause FROM processed_event WHERE
// consumer_id = $1 AND state = 'dead'), free them with dedup.Release, and
// deliver them again (publish the dead-letter topic's copies back to the
// source topic, or consume the dead-letter topic with the same ConsumerID).
//
// Partitions. One Run handles the messages of all the partitions its Reader
// is assigned one at a time, in fetch order, and commits each partition's
// offsets separately. A message being retried therefore holds back every
// partition of that Reader, not only its own, until it succeeds or goes to
// the dead letter: set MaxAttempts to bound how long one bad message can
// stall the others, or run one Consumer (one Reader in the same group) per
// partition so that each partition progresses on its own.
//
// The Reader must have a GroupID (Run refuses one without): only a group
// reader can commit offsets, which is how the consumer marks progress.
//
// After Run returns, close the Reader. A kafka-go reader keeps its fetch
// position in memory: a new Run on the same Reader would continue after a
// message that was fetched but not committed. A new Reader resumes from the
// group's committed offset.
package consumer
