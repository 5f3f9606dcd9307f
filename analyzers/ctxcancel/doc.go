// Package ctxcancel defines an Analyzer that reports shutdown-cancelable
// contexts reaching a transaction commit or a Kafka publish.
//
// # Analyzer ctxcancel
//
// ctxcancel: report shutdown-cancelable contexts that reach a transaction commit or a kafka publish
//
// Graceful shutdown cancels the worker's context. When that same context is
// handed to the batch, SIGTERM cancels tx.Commit or WriteMessages mid-flight:
// the transaction rolls back after the messages went out, or the publish
// fails after the rows were marked, and the batch is redone or lost.
//
// Sinks are the context arguments of pgx (v4 and v5) Tx.Commit, pgxpool's Tx
// and any type implementing pgx.Tx; pgx.BeginFunc, pgx.BeginTxFunc and the
// Conn and Pool methods of those names; database/sql (*DB).BeginTx and
// (*Conn).BeginTx, whose context governs the whole transaction; kafka-go
// (*Writer).WriteMessages and franz-go (*kgo.Client).ProduceSync. More can
// be added with -txsinks and -publishsinks.
//
// A context is tied to shutdown when it comes from signal.NotifyContext,
// from context.WithCancel whose cancel is called after a receive from a
// signal.Notify channel, or when a loop of the same function stops on it
// (`case <-ctx.Done(): return`, `for ctx.Err() == nil`); contexts derived
// from it with WithTimeout, WithDeadline, WithValue or WithCancel keep that
// cancellation. context.WithoutCancel cuts it, also inside a helper (a fact
// marks functions returning a detached context; idemlint's own
// ctxutil.Detached is known without one; or use -detachers).
// The context is followed through assignments, closures, struct fields of
// a local batch object (also one a constructor of the package builds,
// newJob(ctx, tx) returning &job{ctx: ctx, tx: tx}) and calls: a fact records which context parameter of
// a function reaches which sink, so the chain is named across packages.
// A constructor of another package is followed by the call layer's
// KeepsParams fact (which parameter, or field of one, it keeps in which
// field of the struct it returns): main's shutdown context put in a
// config struct that svc.NewConsumer(cfg) copies and returns behind a
// Handler interface reaches the commit that h.Start() runs, the method
// being the one of the result's dynamic type, also when Start, called
// synchronously, starts the goroutines that use the field (the receiver
// they capture is followed). A context detached before it is stored, in
// main or in the constructor, or a shutdown context kept in a field that
// the commit does not use, is left alone. A context kept by a method
// rather than a constructor is followed too: Start(ctx) storing d.ctx = ctx
// and then calling (or starting goroutines that call) a flush that commits
// with d.ctx hands it ctx; a caller of a setter (w.Init(ctx) keeping ctx in
// w.ctx, by the KeepsParams fact's receiver entries) hands ctx to the
// methods it then calls on w. A field set from context.Background() or a
// detached context with a deadline, or set by a setter that is never given
// a shutdown context, is left alone. A
// variable holds at each use only the values that can reach it: a closure
// sees what the variable holds where the closure is built, or is stored
// later, so ctx rebound to context.WithTimeout(context.WithoutCancel(ctx), d)
// before a pgx.BeginFunc callback captures it is the detached context.
//
// The analyzer reports:
//   - a shutdown context reaching a sink (category "shutdown"), where the
//     fix goes: at the call that hands it to the commit or the publish, in
//     the last function of the chain reached by static calls, not at the
//     call in main or in the consume loop that passes it down. A call
//     through a project interface (the use case's port) counts as that
//     call: the implementation is chosen by the wiring and may serve other
//     callers. The message names the stop signal with its file and line
//     and the functions it came through ("stop signal ctx.Done() at
//     relay.go:38, via Run"). Several sources, or several paths, reaching
//     one call give one finding naming the first source. When the function
//     already has a detached context with a deadline in scope, a fix hands
//     it to the call;
//   - mixed protection in one function: a transaction on a detached context
//     while the publish keeps the caller's cancellation, or the reverse
//     (category "mixed"), with a fix that reuses the detached context;
//   - a detached context reaching a sink without WithTimeout or WithDeadline
//     on the way: a hung database or broker holds shutdown until SIGKILL
//     (category "notimeout").
//
// GORM carries the context in its handle: db.WithContext(ctx) is a sink
// when the handle reaches, through GORM's chained calls (Begin, Model,
// Where, ...), a transaction's end (Begin then Commit, or Transaction),
// like database/sql's BeginTx; a handle only read from, or written once
// outside a transaction (like pgx's Exec: it fails whole and is done
// again), is not.
//
// Across packages: a pass may report only in its own package's files (go
// vet reads the imported packages from export data, with no call
// positions; analysistest and golangci-lint check diagnostics against the
// package's files) and facts travel only from a package to its importers.
// So the ReachesSink fact of a function also records which function of its
// package hands the context to the sink, and where; when the shutdown
// source is in a package that imports the sink's (signal.NotifyContext in
// main, a worker in another package), the finding is made at the call
// that leaves the source's package, naming that function and line:
// "reaches worker.Worker.Run → processBatch → tx.Commit (worker.go:210)
// ...; have processBatch run each batch on ...".
//
// Calls through the project's own interfaces count (the shared call layer,
// internal/calls): a Producer whose implementations in the package and its
// imports all hand the context to a sink, or, with none in sight, a
// method that mirrors one (WriteMessages(ctx, ...kafka.Message) error).
// An interface of the project with no implementation in sight (a use
// case's port, implemented by an adapter package that imports the use
// case) is a pending sink in the fact; the package that sees an
// implementation resolves it and reports at its call of the use case,
// naming the use case's line. When the context handed to such a port is
// already a shutdown source where the call is made (a consume loop that
// stops on it and hands each message to a Processor port whose
// implementation is in a package that does not import the loop's), the
// package records the call in a PendingStops package fact; the first
// package that sees an implementation reaching a sink with it (main)
// reports at the wiring that hands the implementation to the loop
// (consumer.New(processor.New(...)), "wired here"), or at a dependency
// container's provide of the implementation when the package provides
// the loop's type as well (fx.Provide(processor.New, consumer.New)): a
// binary that provides the implementation for other uses and never builds
// the loop is left alone. Its importers stay silent. A context decorated on the way keeps its
// cancellation: a tracing span or a logger value (a call that takes one
// context and returns one, unless it is a known detacher; for a helper of
// the package, when it returns its parameter's context).
//
// One-shot work that func main runs on the signal context outside any
// loop (a replay at boot) stays a finding: whether a restart re-applies
// the same changes harmlessly cannot be seen in the code, so the message
// says that this would make it safe and how to record it
// (//idemlint:ignore ctxcancel <reason>).
//
// Not reported: a request's context (r.Context()) or a test's (t.Context()),
// also in a loop that stops on its Done (it ends with the request or the
// test, not on shutdown), context.Background, a
// context parameter of unknown origin, a loop that checks ctx.Done() only
// between batches and gives each batch a detached context with its own
// timeout, and a retry loop that aborts with ctx.Err(). A loop that stops
// on ctx.Done() makes ctx a shutdown source only when a signal can cancel
// it: when ctx is a parameter of a function whose callers are all in view
// (unexported, or in package main, and never used as a value), some call
// site must pass a context that may be cancelled; context.Background() or
// context.TODO() at every call site (directly or down a chain of such
// parameters) leaves the loop silent. A function other packages may call
// is judged on its loop alone, so that the finding stays where the fix
// goes; with -callerstops it is decided by its callers in the other
// packages instead (a StopsOn fact): reported at a caller's call when it
// passes a context that may be cancelled (the loop's package cannot be
// told), silent when every caller passes context.Background() or none is
// in the analysed code. Inside an inbox-gated unit (one transaction
// that claims the message's stable ID in a dedup table, through
// INSERT ... ON CONFLICT DO NOTHING with its outcome tested, a SELECT
// EXISTS followed by the claim's INSERT, idem/dedup's Claim, a sqlc claim
// query, GORM's Clauses(clause.OnConflict{DoNothing: true}).Create with
// its RowsAffected tested, or a project helper that claims, and skips on
// an existing claim) the transaction's Commit, BeginTx or BeginFunc (and
// GORM's Transaction or Commit) may be cancelled: the
// claim rolls back with the effects and the redelivery replays the unit.
// A claim made through a project port inside the callback of a
// transaction port (tx.WithinTransaction(ctx, func(ctx) error { fresh,
// err := inbox.Claim(ctx, id); if !fresh ... })) gates that transaction
// where both ports are wired: every wired implementation of the claim
// port claims (INSERT ... ON CONFLICT DO NOTHING, its outcome returned)
// and an implementation of the transaction port runs the callback inside
// the transaction it begins.
// A publish outside that transaction is still reported. Nor is a claim
// transaction reported: one that takes work for later and returns it —
// its first statement locks rows (SELECT ... FOR UPDATE [SKIP LOCKED], or
// an UPDATE over such a subquery), every statement repeats harmlessly
// (status = 'PROCESSING', not balance = balance - $1), all of it constant
// SQL, and nothing else in it leaves the process (no publish, network
// call or project helper). A cut rolls the claim back and the rows wait
// for the next run. A mark of the previous batch before the lock, a
// publish inside, or a function that returns only an error (it records
// work done rather than claiming work) is reported as before, unless it
// is a database-only unit run for a row its caller selects: a transaction
// whose first statement locks the rows it changes, all of it constant SQL
// and nothing else leaving the process (an expiry sweeper that locks an
// order, checks its status and releases its stock), called from a
// function that selects its items — by a query of its own, or through a
// project port that returns a slice and whose implementations read rows
// and commit no offset — and receives no Kafka message. A cut
// rolls it back and the next run selects the row again. The same holds
// when the unit is reached through a port implemented out of sight and
// completed at the composition root: the root resolves the item port and
// the wired implementation. The same unit
// with a publish inside, without the lock first, or run for a consumed
// message (whose offset moves on) is reported.
// A publish whose failure keeps the consumed message is not reported
// either: its error is handed up (returned, or a helper's false result)
// to the consume loop, which then commits no offset before it stops
// (returns, reaches its stop check, or fetches the next message, which
// the cancelled context fails). A cut leaves the message uncommitted and
// the restart redelivers it: a dead letter written twice at worst, never
// lost. A failure that is only logged, a loop that commits past it, or a
// publish with no consumed offset to keep (an outbox relay) is reported.
//
// Libraries:
//   - commits: pgx and database/sql/sqlx transactions (Commit, BeginTx,
//     BeginFunc), bun (RunInTx, BeginTx), Firestore RunTransaction, Spanner
//     ReadWriteTransaction, MongoDB WithTransaction, and GORM's
//     db.WithContext(ctx) when the handle reaches a transaction's end
//     (Begin then Commit, Transaction);
//   - publishes: kafka-go WriteMessages, franz-go ProduceSync, amqp091
//     PublishWithContext, JetStream Publish/PublishMsg (the jetstream
//     package's Publisher interface), SQS SendMessage, Pub/Sub
//     PublishResult.Get;
//   - -txsinks and -publishsinks add your own.
//
// Bad:
//
//	for {
//		select {
//		case <-ctx.Done():
//			return
//		case <-ticker.C:
//		}
//		if err := r.processOneBatch(ctx); err != nil { // reported at its tx.Commit(ctx) and WriteMessages(ctx)
//			slog.WarnContext(ctx, "outbox relay batch", "error", err)
//		}
//	}
//
// Good:
//
//	for {
//		select {
//		case <-ctx.Done():
//			return // no new batch
//		case <-ticker.C:
//		}
//		batchCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), r.batchTimeout)
//		if err := r.processOneBatch(batchCtx); err != nil {
//			slog.WarnContext(ctx, "outbox relay batch", "error", err)
//		}
//		cancel()
//	}
package ctxcancel
