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
//   - The key: the IETF draft's structured-field string ("..." with \" and
//     \\ escaped, printable ASCII), or a bare token of visible ASCII as most
//     clients send it. Missing, repeated, non-ASCII (invalid UTF-8
//     included) or longer than MaxKeyLen: 400. Keys belong to a caller
//     (Scope, e.g. the authenticated user): the same key from two callers is
//     two keys.
//   - The request body is read up to MaxBody (over it: 413; a read error:
//     400) and fingerprinted with the method and the request URI.
//   - A committed outcome for the key is replayed (status, body and the
//     allow-listed headers, plus Idempotent-Replayed: true); a request whose
//     fingerprint differs gets 422.
//   - Otherwise the request takes the key: a transaction-level advisory
//     lock, then INSERT ... ON CONFLICT (scope, key) DO NOTHING, in one
//     transaction that the handler then uses (Tx). Its response is stored in
//     the same transaction, which then commits: the effect and the stored
//     response exist together or not at all.
//   - Only final outcomes are stored: 2xx, and 4xx other than 408, 409, 423,
//     425 and 429. Any other response (5xx, those "not now" 4xx, 3xx), a
//     panic or a crash rolls everything back, key included, so the client's
//     retry runs the handler again.
//   - A repeat that arrives while the key is held waits up to LockTimeout
//     without holding a database connection (repeats in one process wait
//     for the running request; repeats in other processes look again with a
//     growing pause), then gets 409 with Retry-After.
//   - A hung owner (a handler stuck on a call that never returns) cannot
//     hold the key forever: its transaction runs with
//     idle_in_transaction_session_timeout = OwnerTimeout, so PostgreSQL ends
//     its session, its work rolls back, and a retry takes the key. A
//     statement that itself runs long is bounded by the server's
//     statement_timeout, not by the middleware.
//   - The key's lock_timeout (LockTimeout) applies to taking the key only;
//     the handler's queries run under the session's own lock_timeout.
//   - Under REPEATABLE READ or SERIALIZABLE, a pass that loses a
//     serialization race to the request holding the key is repeated in a
//     new transaction (and replays), never answered with 500.
//   - Keys expire after TTL (a day by default) and are then free again;
//     Purge deletes expired rows.
//
// Replayed headers: only DefaultReplayHeaders and Config.ReplayHeaders are
// stored. A repeat may come from another user of the same scope (a tenant
// scope), so Set-Cookie, Authorization, WWW-Authenticate and anything named
// like a cookie, token, session, secret or key is never stored, and New
// refuses such names in ReplayHeaders.
//
// The response is buffered up to MaxResponse. A larger one is streamed to
// the first caller as it is written (no Content-Length; the status and
// headers go out when the limit is crossed, before the transaction commits)
// and is not stored: the key is marked so that its repeats get 410 Gone
// (with the stored Location, if any) instead of a truncated or fake replay.
// If the commit then fails, the connection is aborted so the client cannot
// take the partial response for a success.
//
// The handler must not end the transaction: Tx's Commit and Rollback
// return ErrTxOwned, and a COMMIT or ROLLBACK statement is detected when the
// response is stored; either way the request gets 500 (problem
// tx-ended-by-handler), and a repeat never gets an empty 200.
//
// Errors of the middleware itself are application/problem+json (RFC 9457)
// bodies whose type is ProblemBase plus one of the Problem* names.
// Other methods (GET, HEAD, ...) pass through untouched.
package httpkey
