// Package skipcommit defines an Analyzer that reports consumers that pass
// over a failed message while a later commit or ack moves past it.
//
// # Analyzer skipcommit
//
// skipcommit: report consumers that move on after a failed message while a later commit or ack passes it
//
// Kafka offsets are cumulative per partition: committing (or marking) a
// message commits every earlier message of its partition too. A consumer
// that logs a failed message and goes on to the next one — continue, log
// and fall through, or return from a per-message handler without an
// error — never sees it again: the commit of the next message that
// succeeds (kafka-go CommitMessages, sarama MarkMessage or MarkOffset,
// franz-go CommitRecords or MarkCommitRecords, franz-go's default
// autocommit at the next PollFetches, kafka-go ReadMessage on a group
// reader, confluent-kafka-go StoreMessage, StoreOffsets or Commit*) moves
// the group past it, and the message is lost without a dead letter. The
// same loss with per-message acknowledgement: the handler swallows the
// error and the message is acked anyway (JetStream Ack, amqp091 Ack, SQS
// DeleteMessage, a Redis stream XAck, a watermill handler returning nil,
// which the router acks), or an amqp091 delivery is rejected without
// requeue (Reject(false), Nack(false, false)) while no queue in sight
// declares an x-dead-letter-exchange, so the broker drops it.
//
// The analyzer follows each consumed message as offsetorder does (the
// shared consume layer: receives, the data derived from the message,
// commits and handlers through helpers, interfaces, function values and
// facts across packages; offsetorder's -commits and -handlers flags extend
// it). A call that does work with the message (an SQL statement, a network
// call, a publish, a handler called through an interface or a function
// value, or a function doing any of these) — or, in a function handling
// one message given to it (no message loop of its own), such a call that
// takes none of the message's data (it picks any free courier) when no
// call working with the message's data runs before it, so that the
// message's work is still to be done (after it, an unkeyed call is
// housekeeping: a cache refresh) — has
// failed in the branch of `if err != nil` on its error (also through a
// retry loop's err), or, for a helper of the package that reports the
// success of its work by a bool (writeDLQ(ctx, msg) bool, false where its
// publish failed), in the branch where it returned false. A function
// handed only data taken from the message (settle(d.Body) in a loop that
// acks d after it) handles the message as one handed the message. From
// there the analyzer follows the paths of the function and reports each
// place where one moves on (a failure branch may move on in several
// ways, each needing its own fix), reaching, in order:
//   - the next message of a message loop round the call (the next fetch,
//     receive from the claim's channel, or record of the batch) when the
//     loop commits Kafka offsets; the message names the commit;
//   - a commit or ack of the message;
//   - for a function handling one Kafka message it commits on success, a
//     return without an error; for a handler whose caller in the package
//     (a direct call, or a loop it is passed to as a function or method
//     value, consume(ctx, r, s.handle)) commits or acks the message after
//     it returns, a return of nil, or any return of a handler without
//     results, which cannot report the failure (a closure without results
//     that only binds the handler's dependencies, go consume(ctx, topic,
//     func(ctx, m) { handle(ctx, m, store) }), is looked through to the
//     loop that commits); for a handler handed, as a function, method
//     value or literal, to the project's own consume loop in any package
//     of the analysed code (c.Run(ctx, w.Handle), where Run fetches, calls
//     the handler and commits after it returns: the consume layer's
//     RunsHandler fact), a return of nil or any return of a handler
//     without results; for a watermill handler, a return of nil;
//   - an amqp091 Reject or Nack without requeue, when no package in sight
//     names x-dead-letter-exchange.
//
// Not reported: a retry (the path comes back to the failed call, a
// backoff loop round it, a seek back to the message; a branch on a retry
// counter read from a store, count <= maxRetries, is no retry by itself:
// the path goes on where the read succeeded); a redelivery asked
// for (JetStream Nak, amqp Nack or Reject with requeue, watermill Nack, a
// returned error, which the framework redelivers, sarama's ConsumeClaim
// returning it); a stop (return from the loop, break out of it, panic,
// os.Exit, log.Fatal); a dead-letter publish, or any work with the message
// on the failure path, whose error is checked; a retry helper of the
// package that copies the message to a retry or dead-letter queue and
// acks the original only after the copy succeeded (no failure branch of
// the copy reaches the ack); an explicit poison-message
// policy: JetStream Term, and a failure of decoding, which is not work
// with the message (a payload that can never be valid, logged and
// skipped); the branch of errors.Is or errors.As naming the error (a
// duplicate, a cancelled context); a branch on a classification of the
// error (classify(err) == "unmarshal", isTerminal(err)) where each side
// commits, acks, dead-letters, retries or stops: a policy per kind of
// error (a side that only moves on is a deliberate drop of that kind when
// the other side brings the message back — retries, stops, returns the
// error — and is reported when the other side commits or dead-letters its
// kind, or moves on too: kafka-go does not fetch an uncommitted message
// again); a commit of marks only (franz-go CommitMarkedOffsets,
// sarama's Commit) on the failure path, which does not include the
// unmarked message; a broker delivery left unacked after a failure (it is
// delivered again); a loop without any commit (nothing moves past the
// failure); the failure of a call that only records the message as
// processed (markProcessed, an idempotency key written to a cache:
// by its name or by a field named for the key it is given) after another
// call of the iteration did the work on every path — the work is done,
// only the marker is missing. A failure path knows what it went through: a flag it set
// (failed = true; break) and the error not being nil decide the branches
// that test them.
//
// A failure of bookkeeping after the work (the idempotency key written
// after the side effect succeeded) is reported like any other: the
// analyzer cannot tell which call is the message's work. A deliberate drop the analyzer cannot see as
// one is suppressed with a reason (//idemlint:ignore skipcommit reason).
//
// The finding is at the statement where the failure branch moves on (the
// continue or return after the logging).
//
// Libraries: offsets of kafka-go (CommitMessages, ReadMessage on a group
// reader), sarama (MarkMessage, MarkOffset), franz-go (CommitRecords,
// MarkCommitRecords, default autocommit), confluent-kafka-go
// (StoreMessage, StoreOffsets, Commit*); acks of amqp091-go, JetStream,
// SQS, Redis streams, Redis processing lists (LRem of an entry BLMove or
// BRPopLPush took) and watermill handlers returning nil; amqp091
// Reject/Nack without requeue and no x-dead-letter-exchange in sight.
//
// Bad:
//
//	for {
//		msg, err := r.FetchMessage(ctx)
//		if err != nil {
//			return err
//		}
//		if err := c.handle(ctx, msg); err != nil {
//			log.Printf("handle: %v", err)
//			continue // the next CommitMessages commits past this message
//		}
//		if err := r.CommitMessages(ctx, msg); err != nil {
//			return err
//		}
//	}
//
// Good:
//
//	for {
//		msg, err := r.FetchMessage(ctx)
//		if err != nil {
//			return err
//		}
//		if err := c.handle(ctx, msg); err != nil {
//			if err := c.deadLetter.WriteMessages(ctx, msg); err != nil {
//				return err // neither handled nor parked: stop, the group redelivers
//			}
//		}
//		if err := r.CommitMessages(ctx, msg); err != nil {
//			return err
//		}
//	}
package skipcommit
