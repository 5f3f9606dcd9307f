// Package dualwrite defines an Analyzer that reports operations that write
// to the database and publish to a message broker directly, without an
// outbox.
//
// # Analyzer dualwrite
//
// dualwrite: report a database write and a broker publish in one operation without an outbox
//
// A service that inserts a row and then publishes the event directly has
// two systems to update and no transaction around both. A crash, a
// deploy or a broker error between the two leaves the row without its
// event, for good: nothing will ever publish it again. Publishing first
// is no better: if the write then fails, or the process dies, consumers
// act on a change that never happened. Publishing inside the transaction
// and committing after has the same flaw: a failed commit rolls the row
// back after the event left.
//
// The analyzer reports the publish (or the call of the helper that
// publishes) when the same function also writes to the database:
//   - publishes: kafka-go WriteMessages, sarama SendMessage(s), franz-go
//     Produce/ProduceSync, confluent-kafka-go Produce, amqp091 Publish and
//     PublishWithContext, NATS and JetStream Publish, watermill
//     Publisher.Publish and its broker publishers, Google Pub/Sub Publish,
//     SQS SendMessage, SNS Publish, go-redis XAdd (Redis streams read by
//     consumer groups are a broker; an XAdd queued in a Pipelined or
//     TxPipelined callback is sent by that call), asynq
//     Client.Enqueue/EnqueueContext (a task queue on Redis), River Client.Insert/InsertMany (a job
//     queue in Postgres that inserts in a transaction of its own; its
//     InsertTx on the function's own transaction is the correct form);
//   - writes: SQL that inserts, updates, deletes or merges (pgx,
//     database/sql, sqlx, sqlc's DBTX, and an executor interface the
//     project declares over *sql.DB and *sql.Tx with database/sql's own
//     methods (QueryRow(query string, args ...any)); SQL that is not constant counts
//     when it is executed with Exec), GORM Create/Save/Update/Delete, bun
//     inserts, updates and deletes, ent's generated builders, SQLBoiler's
//     generated model writes (Insert, Update, Upsert, Delete, UpdateAll,
//     DeleteAll), MongoDB collection writes, pgx CopyFrom;
//
// both through the shared call layer (internal/calls): helpers in any
// package of the analysed code (repo.Create → pgx.Tx.Exec), interface
// methods resolved to the implementations in sight or to the library call
// they mirror (s.producer.Publish on an interface-typed field), method
// values, function fields and callbacks (db.Transaction(func(tx) ...)),
// with the chain named in the message. An interface that the package
// declares and that only a package importing it implements (a use case's
// OrderEventWriter, implemented by its Kafka adapter) is followed too: the
// use case's package records the call as pending (a fact on the interface
// method, with the side it knows), and the package declaring an
// implementation that publishes (or writes) reports there, at the
// implementing method, naming the use case's function and line. When no
// adapter imports the use case, or both sides are interfaces implemented
// in different adapters, the composition root that sees the use case and
// the implementations reports, at the call that hands the use case an
// implementation (usecase.New(repo, pub)) or, when that wiring is
// generated (wire_gen.go), at its own mention of the interface; the
// message ends "(wired here)", and packages importing the root stay
// silent. Ports declared in another package of the module (a domain
// package of interfaces, implemented by adapters that import neither) are
// followed the same way: the use case records the pending call in a
// package fact, since it cannot put a fact on another package's method,
// and the root completes it. When both sides are such ports, every port
// called before the publish is a candidate write, and the first whose
// implementation writes is the one named. So is a port called inside a
// callback given to another port (repo.WithTx(ctx, func(tx) error {
// return repo.UpdateBalance(ctx, tx, ...) })), when an implementation of
// that port the root wires calls the callback before it returns; one that
// keeps it for later or runs it in a goroutine does not count. A port
// is also called through the use case's own helpers and closures
// (s.announce(ctx, ...) calling s.events.Publish; a closure called in
// place, run by a helper such as a retry loop, or handed to a coordinator
// port whose wired implementation runs it before it returns), at most
// three helpers deep; the message names the helper. A root that wires through a
// dependency-injection container (uber-fx's fx.Provide(bus.New), dig,
// wire.NewSet) calls no constructor of the use case: the finding goes to
// where the implementation's constructor is handed to the container, or
// where the root names another package's module that registers it
// (fx.New(messaging.Module)). The
// order comes from the function's control flow, and the transaction from the call layer's
// transaction regions.
//
// Not reported, and why it is safe:
//   - the outbox itself: an INSERT into a table whose name contains
//     "outbox" (or an ORM create of a type named so, or a write of a
//     SQLBoiler model named so, by its own method or by a call of the
//     project's code handed the row) is not a write, so an
//     outbox row inserted in the business transaction with no direct
//     publish is silent, and so is a relay that reads outbox rows,
//     publishes and marks them (the mark touches only the outbox: a crash
//     before it publishes again, which consumers deduplicate);
//     watermill-sql's publisher (and the forwarder's) writes the message
//     into the transaction, so publishing through one is the outbox too;
//   - a publish in a loop followed by a write: a relay that publishes each
//     row and then marks it sent; a crash between them re-sends, it does
//     not lose; so is the publish of what a port implemented out of sight
//     returned (msgs, err := repo.FetchPending(ctx); pub.PublishBatch(ctx,
//     msgs)), unless the port is named for a write (user, err :=
//     repo.UpdateUser(...) then pub.PublishUserUpdated(ctx, user) is
//     reported: the row it returns is the row it wrote);
//   - a consumer: a function that receives the consumed message (a Kafka
//     message or record, an amqp091 Delivery, a NATS, watermill or Pub/Sub
//     message, a river job), or whose consume loop commits the offset or
//     acks after both calls. The message is finished only after the write
//     and the publish; a crash between them redelivers it and the handler
//     runs again (offsetorder reports the consumers that commit first, and
//     kafka-go's ReadMessage, which commits on return);
//   - a handler registered on the project's event bus whose consume loop
//     commits after running it (bus.Register("t", h.Handle(bus, db)), or a
//     function literal given to Register where it is written): the bus's
//     Register keeps its function parameter in the bus, and a consume
//     loop of the bus's type runs values of that type for each fetched
//     message (itself, through helpers, or in goroutines it waits for)
//     and commits after them, with no commit of the message before them.
//     The bus package records that on Register, the registering package
//     records the registration, and the root completing the handler's
//     pending write-then-emit leaves it alone when the bus whose Emit
//     publishes is that bus. A bus that commits before it runs the
//     handlers, or without waiting for them, is no consumer: reported;
//   - a publish that runs only when the write failed (if err :=
//     repo.Create(...); err != nil { publish(failed) }): nothing was
//     written to announce;
//   - calls in goroutines and deferred calls, and test files.
//
// A publish whose failure rolls the write back is still reported: the
// commit can fail after the publish succeeded.
//
// Libraries: writes of pgx, database/sql, sqlx, sqlc, GORM, bun, ent and
// MongoDB; publishes of kafka-go, sarama, franz-go, confluent-kafka-go,
// amqp091-go (and streadway/amqp), NATS and JetStream, watermill
// publishers, Google Pub/Sub, SQS and SNS, Redis streams (go-redis), asynq
// and River; outboxes (tables named *outbox*, watermill-sql) are left
// alone.
//
// Bad:
//
//	func (s *Service) CreateOrder(ctx context.Context, o Order) error {
//		if err := s.repo.Create(ctx, o); err != nil { // INSERT INTO orders ...
//			return err
//		}
//		return s.producer.Publish(ctx, OrderCreated{ID: o.ID}) // lost if the process dies here
//	}
//
// Good:
//
//	func (s *Service) CreateOrder(ctx context.Context, o Order) error {
//		return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
//			if err := s.repo.CreateTx(ctx, tx, o); err != nil {
//				return err
//			}
//			// the event is a row of the same transaction; a relay publishes it
//			return outbox.Enqueue(ctx, tx, "orders", o.ID, OrderCreated{ID: o.ID})
//		})
//	}
package dualwrite
