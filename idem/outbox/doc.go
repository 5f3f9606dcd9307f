// Package outbox publishes events to Kafka exactly when the database
// transaction that produced them commits — at least once, never lost.
//
// A handler does not call Kafka (or an HTTP provider) inside its
// transaction. It writes an outbox row in the same transaction as its other
// writes (Enqueue), and a Relay publishes committed rows afterwards:
//
//	tx, err := pool.Begin(ctx)
//	...
//	err = outbox.Enqueue(ctx, tx, outbox.Event{
//		ID:    key.For(order.ID, "charge-requested"), // derived, not random
//		Topic: "charges",
//		Key:   []byte(order.ID),
//		Value: payload,
//	})
//	...
//	err = tx.Commit(ctx)
//
// and, once per process:
//
//	pub, err := kafkago.New(writer) // or franz.New(client)
//	...
//	relay := &outbox.Relay{DB: pool, Publisher: pub}
//	go relay.Run(ctx) // ctx is cancelled on SIGTERM
//
// The relay stops between batches when ctx is done. Each batch runs on its
// own context (ctxutil.Detached: the parent's values without its
// cancellation, plus BatchTimeout), for both the transaction and the
// publish, so a shutdown never cuts a batch between "sent" and "marked", and
// a hung database or broker still cannot hold the shutdown past the timeout.
// A batch is published with one Publisher.Publish call (one WriteMessages
// or ProduceSync): a synchronous writer waits up to its batch timeout per
// call, so one call per message would cost that timeout per event.
//
// Delivery is at least once. If the process dies after the broker accepted
// a batch and before the rows were marked, the batch is published again.
// Every message carries its event ID in the "event-id" header
// (HeaderEventID); consumers deduplicate on it (package dedup, package
// consumer).
//
// Two modes:
//
//   - Default: lock a batch of PENDING rows (FOR UPDATE SKIP LOCKED, so
//     several relays share the table), publish, mark them PUBLISHED and
//     commit, all in one transaction. A cut before the commit rolls back and
//     the rows are published again by the next batch.
//   - TwoPhase: PENDING → PUBLISHING (committed at once, with a timestamp) →
//     publish → PUBLISHED. No transaction stays open during the publish. Rows
//     left in PUBLISHING by a process that died are returned to PENDING after
//     StuckAfter by the relay's cleanup, and published again (a batch that
//     fails returns its rows at once). Use it when the publish may be slow,
//     or to see stuck rows.
//
// Failures. A Publisher reports which messages failed (BatchError) and
// which failures are the message's own fault (Permanent: too large, an
// invalid topic); the adapters do both. The relay marks the acknowledged
// rows PUBLISHED in any case. A permanent failure counts an attempt against
// its row (attempts, last_error) and delays the row's next try
// (next_attempt_at: RetryBackoff doubling up to ten minutes); at
// MaxAttempts the row becomes FAILED and publishing moves on without it —
// one poison event never blocks the outbox. OnFailure sees each counted
// failure (a metric hook). RetryFailed returns FAILED rows to PENDING once
// the cause is fixed; SELECT ... WHERE status = 'FAILED' lists them. Other
// failures (broker unreachable, timeouts) count nothing: the rows are
// published again by the next batch, and the relay waits PollInterval,
// doubling up to 30s, between failed batches.
//
// Order. One relay publishes the committed rows in id order (the order of
// the INSERTs). A batch never takes a row behind an earlier row of the same
// topic and key that is PUBLISHING or waiting for its retry, so neither a
// passing broker error nor a retried row lets a later event of its key
// overtake it; a FAILED row no longer holds its key back (like a poison
// queue, it is set aside). Within one batch that fails in part, the
// acknowledged messages stay published, so a key's failed message may land
// after a later one of the same batch; use a Balancer that keeps a key on
// one partition (kafkago.New checks it). A row whose transaction commits
// after later rows were published is published in a later batch (never
// skipped); several relays in the default mode (SKIP LOCKED) can also
// publish out of id order. Consumers that need strict per-key order should
// check it (a version in the payload).
//
// Fencing. In two-phase mode each batch takes a new lease number (the
// outbox_event_lease sequence) with its rows. Before publishing, the relay
// checks that its rows still carry its lease (and that StuckAfter has not
// passed since it took them); marking and releasing rows also require the
// lease. A relay that stalled past StuckAfter, whose rows the cleanup gave
// to another relay, therefore publishes nothing and marks nothing. The
// remaining window — a stall between that check and the broker receiving
// the batch — is bounded by BatchTimeout, which must be shorter than
// StuckAfter; Kafka itself cannot check a fencing token.
package outbox
