// Package offsetorder defines an Analyzer that reports Kafka offsets
// committed before the work on the message is durable.
//
// # Analyzer offsetorder
//
// offsetorder: report Kafka offsets committed before the side effect of the message is durable
//
// A consumer may commit a message's offset only after the work the message
// asks for is durable: the transaction with the side effect and its
// processed_event row has committed. If the offset moves first, a SIGTERM
// (or a crash) in between loses the event for good: the group resumes after
// the committed offset and no redelivery comes.
//
// The analyzer follows each consumed message (kafka-go FetchMessage and
// ReadMessage, a sarama claim's Messages channel, franz-go PollFetches and
// its records, confluent-kafka-go ReadMessage and Poll, or a parameter of a
// message type) and the data derived from it (fields, decoded structs), and
// reports:
//   - a commit (kafka-go CommitMessages; sarama MarkMessage, MarkOffset,
//     Commit; franz-go CommitRecords, CommitUncommittedOffsets,
//     MarkCommitRecords, ...; confluent CommitMessage, CommitOffsets,
//     StoreMessage, StoreOffsets, ...) that can run, in the same iteration,
//     before a call handling that data: an SQL statement or transaction
//     commit, a network call, a produce, a handler called through an
//     interface or a function value, or a function that does any of these.
//     The message names the call the commit overtakes and its line;
//   - kafka-go ReadMessage, which commits as it returns, on a reader whose
//     ReaderConfig has a GroupID (or whose config the package does not
//     show), followed by the handling of the message; also a call of the
//     project's wrapper that reads from a group reader that way and returns
//     the message (or its own copy of it), directly or through the
//     project's interface over it, and the ReadMessage of a tracing
//     wrapper over kafka-go's Reader (Trendyol's otel-kafka-konsumer,
//     judged by the config of the kafka-go reader it wraps);
//   - fire-and-forget: the message handed to a goroutine (go, errgroup's
//     Go, a send to a worker channel, also as a select case) and an offset committed afterwards
//     with no wait (Wait, a receive from a done channel) in between;
//   - shared reader: goroutines started in a loop share one kafka-go group
//     *Reader and each fetches and commits on it (a known committing
//     worker, or a worker handed over as a function value that takes the
//     reader: go worker(ctx, r, wg, i)); CommitMessages is cumulative per
//     partition, so one worker commits past a sibling's unfinished or
//     failed message. Not reported for a reader made in the loop (one group
//     member per worker), a reader without GroupID, a known worker that
//     does not commit, or a single goroutine;
//   - acks that come with the delivery: amqp091 Consume with autoAck true,
//     a JetStream subscription with nats.AckNone() or a jetstream consumer
//     created here with AckPolicy AckNonePolicy whose handler does durable
//     work, and a Redis list pop (BRPop, LPop, ...) whose entry is handled
//     afterwards: the pop removed it from Redis, so it is the ack;
//   - franz-go's default autocommit: PollFetches or PollRecords on a group
//     client whose construction the package shows (kgo.NewClient with
//     kgo.ConsumerGroup and neither DisableAutoCommit nor AutoCommitMarks,
//     directly, in a local or in a struct field every store of which is
//     such a client), followed by the handling of the records: the client
//     commits what it polled on a timer, a rebalance and Close, not after
//     the handler. A client an exported function's parameter brings
//     (main builds it and passes it to the consumer's constructor, which
//     keeps it in the field the poll reads, or to the polling function) is
//     judged where that function is called: main is reported if the client
//     it passes is such a group client. Any other client built out of
//     sight is left alone;
//   - an inbox claim committed on its own before the work (category
//     "claim-before-work"): the message's ID claimed with an auto-committed
//     insert (INSERT ... ON CONFLICT DO NOTHING on a pool, idem/dedup's
//     Claim, a project helper that claims on its own connection), its
//     outcome tested to skip duplicates, and the work done afterwards in
//     separate statements. When the work fails or SIGTERM cuts it the claim
//     stays, and the redelivery is skipped as a duplicate: an early commit.
//     The same claim in the transaction of the work rolls back with it and
//     is not reported, nor is a marker written after the work or an insert
//     whose outcome nothing tests.
//
// A message acknowledged one by one (a broker's Ack, SQS DeleteMessage,
// Redis XAck, or a helper given the delivery) is reported as "message
// acknowledged", a Kafka offset as "offset committed".
//
// Calls through functions count: a function that commits offsets (your
// commit(msg) helper) is a commit, and a function that does durable work is
// a handler, across packages. A helper of the package that commits only on
// its way out with an error (a retry limit exceeded: park the message,
// commit it, return errLimit) commits where its caller enters the branch
// of that error: only work done in that branch is overtaken, not the work
// after the test, which runs when nothing was committed. A helper of the
// package that reads entries of its own and acks only those (the recovery
// of a Redis stream's pending entries, XREADGROUP from "0", before the
// read loop), given none of the caller's messages, acks nothing of the
// caller's: its acks are judged in the helper, not against the caller's
// later work. A fetch or commit through the project's own
// interface (a Reader that *kafka.Reader implements, or whose methods
// mirror it) counts as the library call (the shared call layer,
// internal/calls, resolves it). A message handed on behind the project's
// own interface over it (a Delivery interface whose implementations in
// sight are all structs holding an amqp.Delivery, one of its methods
// acking in each: an adapter whose Ack forwards to the library's) is the
// consumed message: a call of its Ack is an ack (through the
// implementations' summaries), its other methods (Body, Headers) are the
// message's accessors and no work. The -commits and -handlers flags add
// library functions to the two lists (of the consume layer, which
// skipcommit shares).
//
// Not reported: a commit after the handler returned (on every path from the
// commit the work is already done); a commit in the branch that skips a
// duplicate; a commit in a defer; a batch commit after the loop over the
// batch; sarama's MarkMessage at the end of the claim loop body; a commit
// of messages handled by earlier iterations (a group commit at the top of
// the loop, franz-go CommitUncommittedOffsets before the next PollFetches,
// commit(prev) of the previous message), since the work that follows it is
// on a message fetched later; what follows a commit without being work on
// the message: the commit's own error handling (the `if err != nil` branch
// of the commit, logging, counting or returning its error), logging and
// metrics (a project's Logger or Metrics interface, Errorw/Infof/With
// methods) and error returns; ReadMessage on a reader whose visible config
// has no GroupID (it commits nothing); a Redis list queue that moves the
// entry into a processing list (BLMove, BRPopLPush) and removes it with
// LRem after the work; a franz-go client with AutoCommitMarks or
// DisableAutoCommit, without a consumer group, or built out of sight and
// not passed in by a caller that shows it.
//
// Libraries:
//   - Kafka offsets: kafka-go (CommitMessages, ReadMessage on a group
//     reader; also through otel-kafka-konsumer's Reader), sarama (MarkMessage, MarkOffset, Commit), franz-go
//     (CommitRecords, MarkCommitRecords, CommitUncommittedOffsets, ...,
//     and the default autocommit of a group client built in sight without
//     DisableAutoCommit or AutoCommitMarks), confluent-kafka-go
//     (CommitMessage, StoreMessage, ...);
//   - acknowledgements: amqp091-go and streadway/amqp (Delivery.Ack,
//     Consume with autoAck true), NATS and JetStream (Ack, AckSync,
//     DoubleAck; nats.AckNone() subscriptions and jetstream consumers with
//     AckPolicy AckNonePolicy), watermill (Message.Ack), Google Pub/Sub
//     (Message.Ack), SQS (DeleteMessage), Redis streams (XAck), Redis list
//     queues (BRPop, BLPop, RPop, LPop of go-redis v8/v9; with BLMove or
//     BRPopLPush into a processing list, the LRem of the entry is the ack
//     and belongs after the work);
//   - durable work: SQL statements and commits (pgx, database/sql, sqlx,
//     GORM, bun, ent's generated Tx.Commit), MongoDB and Redis writes,
//     HTTP and gRPC calls, publishes — but not an RPC server's reply, a
//     RabbitMQ publish to the delivery's ReplyTo: it answers a caller
//     waiting with a timeout, which a redelivery would never reach.
//
// Bad:
//
//	for {
//		msg, err := r.FetchMessage(ctx)
//		if err != nil {
//			return err
//		}
//		if err := r.CommitMessages(ctx, msg); err != nil { // the offset moves first
//			return err
//		}
//		if err := c.handle(ctx, msg); err != nil { // a SIGTERM here loses the event
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
//		// one transaction: processed_event row + side effect (or outbox row)
//		if err := c.handle(ctx, msg); err != nil {
//			return err
//		}
//		if err := r.CommitMessages(ctx, msg); err != nil { // only after the work is durable
//			return err
//		}
//	}
package offsetorder
