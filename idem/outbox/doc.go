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
//     StuckAfter by the relay's cleanup, and published again. Use it when the
//     publish may be slow, or to see stuck rows.
//
// One relay publishes the committed rows in id order (the order of the
// INSERTs). A row whose transaction commits after later rows were published
// is published in a later batch (never skipped); several relays, and rows
// returned by the cleanup, can also publish out of id order. Consumers that
// need per-key order should check it (a version in the payload).
package outbox
