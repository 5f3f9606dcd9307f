// Package httpkey makes a POST (or PUT, PATCH, DELETE) handler safe to
// retry: the server side of the Idempotency-Key header.
//
// A client that did not get an answer (timeout, dropped connection, the
// server's pod stopped) sends the request again with the same key. The
// middleware runs the handler once per key and replays its stored response
// to every repeat:
//
//	mw, err := httpkey.New(httpkey.Config{
//		DB:    pool,
//		Scope: func(r *http.Request) string { return auth.UserID(r.Context()) },
//	})
//	mux.Handle("POST /payments", mw.Wrap(http.HandlerFunc(charge)))
//
//	func charge(w http.ResponseWriter, r *http.Request) {
//		tx := httpkey.Tx(r.Context()) // the transaction that holds the key
//		// write the payment and an outbox row (outbox.Enqueue) in tx;
//		// call no provider here: the outbox worker does, with this key
//		...
//		w.WriteHeader(http.StatusCreated)
//	}
//
// What it does, per request:
//
//   - No Idempotency-Key header: 400. Keys belong to a caller (Scope, e.g.
//     the authenticated user): the same key from two callers is two keys.
//   - In one transaction, before the work: INSERT ... ON CONFLICT (scope,
//     key) DO NOTHING. Atomic: of two concurrent requests with one key, the
//     second waits for the first transaction and then finds its row — never
//     two runs.
//   - Key claimed: the handler runs with the transaction in its context
//     (Tx). Its response is stored in the same transaction, which then
//     commits: the effect and the stored response exist together or not at
//     all. A 5xx response (or a panic, or a crash) rolls everything back,
//     key included, so the client's retry runs the handler again.
//   - Key already used: the stored response is replayed (with the header
//     Idempotent-Replayed: true), or 409 if the request differs (method,
//     path, query or body) from the one the key was first used for. A
//     request still in progress under the key past LockTimeout also gets
//     409, with Retry-After.
//   - Keys expire after TTL (a day by default) and are then free again;
//     Purge deletes expired rows.
//
// The handler's response is buffered until it is stored (no streaming, no
// Flush or Hijack), and the request body is read up to MaxBody to hash it.
// Other methods (GET, HEAD, ...) pass through untouched.
package httpkey
