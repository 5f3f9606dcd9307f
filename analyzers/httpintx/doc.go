// Package httpintx defines an Analyzer that reports network calls made
// while a database transaction is open.
//
// # Analyzer httpintx
//
// httpintx: report HTTP and gRPC calls made while a database transaction is open
//
// A call to a payment provider with retries lasts 20–30 seconds. Made
// inside a transaction, it keeps the transaction open all that time: the
// processed_event row and the locks stay held, the connection stays out
// of the pool, and a SIGTERM in the middle rolls back the record of work
// whose effect (the charge) already happened on the other side. The next
// delivery charges again.
//
// The analyzer reports a network call — net/http (Client.Do, Get, Post,
// PostForm, Head, RoundTrip), hashicorp/go-retryablehttp, go-resty v2 and
// v3, fasthttp (Do and its variants) and fiber v2's Agent (Bytes, String,
// Struct), gRPC (ClientConn.Invoke and NewStream, so generated clients count,
// also when their code is in another module: a method shaped like a
// generated client's, ctx first and ...grpc.CallOption last, is a call),
// or any function of the analysed code that makes one, across packages,
// named with its chain — made while a transaction is open:
//   - between a begin (pgx Begin/BeginTx on Conn, Pool and Tx,
//     database/sql Begin/BeginTx, sqlx Beginx/BeginTxx/MustBegin, any
//     call returning a transaction, or a call returning a struct that
//     holds a transaction it began, such as a unit of work, or a method
//     that begins one and keeps it in its receiver, uow.Begin(ctx)) and its Commit
//     or Rollback, path by path: a call after Commit on every path is
//     fine, one on an error path before Rollback is not. A helper that
//     commits or rolls back the transaction it is passed (dbx.Commit(tx)),
//     or a method that ends the one its receiver holds (uow.Commit(ctx)),
//     ends it too; facts carry both, and such begins, across packages;
//   - in the callback of pgx.BeginFunc and BeginTxFunc, and of any function
//     of the analysed code that calls its function parameter inside a
//     transaction (a store's WithTx(ctx, func(q *Queries) error) helper,
//     marked with a fact so that callers in other packages are seen), the
//     callback receiving the transaction or not: a repository that runs
//     a plain func() error between its GORM Begin and Commit
//     (ChangeStatus(id, status, walletFunc)) runs the caller's closure in
//     its transaction, whether the closure is written in the call, kept
//     in a local first (also one set in a branch only) or a method value;
//   - in a function or closure that receives a transaction (pgx.Tx,
//     *sql.Tx, *sqlx.Tx, or a struct holding one).
//
// The calls are seen through the indirection real code uses (the shared
// call layer, internal/calls): interface methods resolve to the
// implementations the package and its imports show (all must call the
// network; mocks in _test files do not count; a decorator that falls back
// to the interface it implements, such as a cache, takes the others'
// effects), or, with none in sight, to
// the library call whose name and signature they mirror (a Doer with
// Do(*http.Request) (*http.Response, error)); method values and function
// values kept in locals, struct fields and maps; a method value passed
// where the callee calls it (retry(ctx, s.notify)); a transaction
// manager's callback, also through its interface
// (tm.WithinTransaction(ctx, func(ctx) error {...})) and in generic
// helpers.
//
// Ports implemented out of sight: a use case written against interfaces
// of its own or a domain package (a unit of work, a repository, a
// payment gateway, a notifier) whose implementations live in adapters it
// does not import. When the use case hands a callback to such a port
// (uow.Execute(ctx, func(ctx) error {...}), repo.ChangeStatus(id, s,
// walletFunc)) and the callback reaches the network, directly or through
// another port, or when it calls such a port inside a transaction it
// begins — the port called directly, or through the package's own helpers
// and closures (s.charge(ctx, o) calling s.gateway.Charge; a closure
// called in place or run by a helper; a closure handed to a coordinator
// port, which counts when the coordinator the root wires runs it before
// it returns), at most three helpers deep — the site is recorded (a package fact) and completed by the
// package that wires the implementations into the use case (main, a
// setup package, an fx.Provide): if an implementation it builds runs the
// callback inside a transaction it begins (not read-only) and, for a
// port, one it builds reaches the network, the finding is reported at
// that wiring, naming the use case's function and call and the
// implementations. Payment SDKs count as network calls: stripe-go's
// resource calls (session.New, a Client's Get, sc.V1CheckoutSessions.Create).
//
// Kafka produces are not network calls here: writing the outbox
// row is the fix, and a produce's context is ctxcancel's business.
//
// Not reported: calls after Commit or Rollback on every path; calls in a
// goroutine that does not use the transaction (it does not hold the
// transaction open, and whether it outlives the handler is a different
// problem); calls in an outbox worker that holds no transaction; deferred
// calls, which run after the function's own Commit; calls inside a
// read-only transaction, which holds no locks and writes nothing (at most
// a performance smell): one begun read-only (sql.TxOptions{ReadOnly:
// true}, pgx.TxOptions{AccessMode: pgx.ReadOnly}), directly or by a unit
// of work's read-only variant that hands such constant options to a
// shared helper which begins with the options it is given (uow.ReadOnly →
// u.run(ctx, &sql.TxOptions{ReadOnly: true}, fn); the read-write variant
// of the same helper is still reported), or one with which the
// function that begins it only reads: constant SELECTs without FOR
// UPDATE/FOR SHARE, their rows, Commit, Rollback, and functions known to
// read only (sqlc query methods of a SELECT; a fact across packages). A
// helper the transaction is handed to and nothing is known about, SQL
// that is not constant, or storing the transaction counts as a write.
//
// The advice fits the call: an HTTP GET or HEAD (by name, or Do of a
// request built with a constant GET method) in a writing or locking
// transaction is told to move before Begin; a POST, PUT, PATCH, DELETE, a
// gRPC call or a call whose method is not visible gets the outbox advice.
//
// Libraries: transactions of pgx, database/sql, sqlx, GORM (Transaction,
// Begin/Commit), ent (generated Client.Tx), bun (RunInTx, BeginTx),
// Firestore RunTransaction, Spanner ReadWriteTransaction, MongoDB
// WithTransaction and your own WithTx helpers; calls of net/http and gRPC
// client connections (and the generated clients over them), stripe-go,
// and -network-calls.
//
// Bad:
//
//	tx, err := c.pool.Begin(ctx)
//	if err != nil {
//		return err
//	}
//	defer tx.Rollback(ctx)
//	if _, err := c.queries.WithTx(tx).InsertProcessedEvent(ctx, event.ID); err != nil {
//		return err
//	}
//	if err := c.payments.Charge(ctx, event.ID+":billing"); err != nil { // HTTP inside the transaction
//		return err
//	}
//	return tx.Commit(ctx)
//
// Good:
//
//	q := c.queries.WithTx(tx)
//	if _, err := q.InsertProcessedEvent(ctx, event.ID); err != nil {
//		return err
//	}
//	if err := q.InsertOutboxEvent(ctx, db.InsertOutboxEventParams{
//		EventType: "ChargeRequested",
//		Payload:   chargePayload(event, event.ID+":billing"), // carries the idempotency key
//	}); err != nil {
//		return err
//	}
//	return tx.Commit(ctx) // a separate worker reads the outbox row and calls the provider
package httpintx
