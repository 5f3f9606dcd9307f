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
// A failing handler is retried on the same message, with backoff, until it
// succeeds or ctx is done; the partition waits meanwhile (later offsets are
// not committed past it). With MaxAttempts set, a message that still fails
// is handed to DeadLetter in a transaction that also claims it.
//
// After Run returns, close the Reader. A kafka-go reader keeps its fetch
// position in memory: a new Run on the same Reader would continue after a
// message that was fetched but not committed. A new Reader resumes from the
// group's committed offset.
package consumer
