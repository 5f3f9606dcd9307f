package httpkey

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// maxPoll is the longest pause between two looks at a busy key.
const maxPoll = 250 * time.Millisecond

// serve answers one keyed request: replay, run, or wait for the request in
// progress under the key, for at most LockTimeout, without holding a
// database connection while waiting.
func (m *Middleware) serve(w http.ResponseWriter, r *http.Request, next http.Handler, k keyed) {
	deadline := time.Now().Add(m.cfg.LockTimeout)
	delay := 5 * time.Millisecond
	flightKey := k.scope + "\x00" + k.key
	woken := false // the local leader just finished: go to the database at once
	for {
		var leave func()
		var wait <-chan struct{}
		var patience time.Duration
		if !woken {
			leave, wait, patience = m.flights.enter(flightKey, m.cfg.OwnerTimeout)
		}
		woken = false
		if wait == nil {
			if !m.attempt(w, r, next, k, leave) {
				return
			}
			patience, delay = delay, min(2*delay, maxPoll)
		}
		left := time.Until(deadline)
		if left <= 0 {
			w.Header().Set("Retry-After", strconv.Itoa(max(1, int(m.cfg.LockTimeout.Seconds()))))
			writeProblem(w, http.StatusConflict, ProblemInProgress, "a request with this Idempotency-Key is in progress",
				"retry later with the same key")
			return
		}
		t := time.NewTimer(min(patience, left))
		select {
		case <-wait:
			woken = true
		case <-t.C:
		case <-r.Context().Done():
			t.Stop()
			return // the client is gone
		}
		t.Stop()
	}
}

// attempt makes one pass at the key in one transaction: it replays the
// stored outcome, or claims the key and runs the handler. It reports busy
// when another request holds the key (or this pass lost a serialization
// race to it): nothing was answered, wait and try again.
func (m *Middleware) attempt(w http.ResponseWriter, r *http.Request, next http.Handler, k keyed, leave func()) (busy bool) {
	if leave != nil {
		defer leave()
	}
	ctx := r.Context()
	tx, err := m.cfg.DB.Begin(ctx)
	if err != nil {
		m.fail(w, r, "begin", err)
		return false
	}
	defer tx.Rollback(ctx) //nolint:errcheck // a no-op after Commit

	var st stored
	err = tx.QueryRow(ctx, loadQuery, k.scope, k.key, m.cfg.TTL.Seconds()).
		Scan(&st.hash, &st.status, &st.header, &st.body, &st.bodyStored, &st.expired)
	switch {
	case err == nil && !st.expired:
		m.replay(w, r, st, k)
		return false
	case err != nil && !errors.Is(err, pgx.ErrNoRows):
		return m.retryOrFail(w, r, "read stored response", err)
	}
	var locked bool
	if err := tx.QueryRow(ctx, tryLockQuery, k.lock).Scan(&locked); err != nil {
		return m.retryOrFail(w, r, "lock key", err)
	}
	if !locked {
		return true
	}
	xid, claimed, err := m.claim(ctx, tx, k)
	if err != nil {
		return m.retryOrFail(w, r, "claim key", err)
	}
	if !claimed {
		return true // committed since our read: the next pass replays it
	}
	m.run(w, r, next, tx, k, xid)
	return false
}

// claim inserts the key's row under lock_timeout = LockTimeout, then gives
// the handler the session's lock_timeout back and sets the owner timeout.
func (m *Middleware) claim(ctx context.Context, tx pgx.Tx, k keyed) (xid int64, claimed bool, err error) {
	var prevLock string
	if err := tx.QueryRow(ctx, ownerQuery).Scan(&prevLock, &xid); err != nil {
		return 0, false, err
	}
	if _, err := tx.Exec(ctx, setLockTimeoutQuery, millis(m.cfg.LockTimeout)); err != nil {
		return 0, false, err
	}
	if _, err := tx.Exec(ctx, expireQuery, k.scope, k.key, m.cfg.TTL.Seconds()); err != nil {
		return 0, false, err
	}
	tag, err := tx.Exec(ctx, claimQuery, k.scope, k.key, k.hash)
	if err != nil || tag.RowsAffected() == 0 {
		return 0, false, err
	}
	if _, err := tx.Exec(ctx, handlerSettingsQuery, prevLock, millis(m.cfg.OwnerTimeout)); err != nil {
		return 0, false, err
	}
	return xid, true, nil
}

func millis(d time.Duration) string { return strconv.FormatInt(max(1, d.Milliseconds()), 10) }

// run runs the handler in the key's transaction and stores a final
// outcome with it.
func (m *Middleware) run(w http.ResponseWriter, r *http.Request, next http.Handler, tx pgx.Tx, k keyed, xid int64) {
	ctx := r.Context()
	var ended atomic.Bool
	rec := &recorder{w: w, header: http.Header{}, limit: m.cfg.MaxResponse}
	next.ServeHTTP(rec, r.WithContext(context.WithValue(ctx, txKey{}, pgx.Tx(handlerTx{Tx: tx, ended: &ended}))))
	status := rec.statusCode()
	if ended.Load() {
		m.afterStream(w, r, rec, ProblemTxEnded, "handler ended the key's transaction", ErrTxOwned)
		return
	}
	if !final(status) {
		// Not the outcome: the work and the key roll back together, and the
		// client's retry runs the handler again.
		_ = tx.Rollback(ctx)
		rec.finish()
		return
	}
	body := rec.body.Bytes()
	if body == nil {
		body = []byte{} // an empty response (204) is stored as such, not as NULL
	}
	tag, err := tx.Exec(ctx, saveQuery, k.scope, k.key, status, storable(rec.header, m.replayed), body, !rec.streaming, xid)
	if err == nil && tag.RowsAffected() != 1 {
		// The handler ended the transaction with SQL (COMMIT): the UPDATE ran
		// in a transaction of its own and found no row of ours.
		m.afterStream(w, r, rec, ProblemTxEnded, "handler ended the key's transaction",
			errors.New("the key's row was committed without its response (a COMMIT or ROLLBACK statement in the handler?)"))
		return
	}
	if err != nil {
		m.afterStream(w, r, rec, ProblemInternal, "store response", err)
		return
	}
	if err := tx.Commit(ctx); err != nil {
		m.afterStream(w, r, rec, ProblemInternal, "commit", err)
		return
	}
	rec.finish()
}

// afterStream reports a failure after the handler ran: a problem response,
// or, when the handler's response is already streaming, an aborted
// connection, so the client cannot take the partial response for a success.
func (m *Middleware) afterStream(w http.ResponseWriter, r *http.Request, rec *recorder, kind, what string, err error) {
	m.cfg.Logger.ErrorContext(r.Context(), "httpkey: "+what, "error", err)
	if rec.streaming {
		panic(http.ErrAbortHandler)
	}
	detail := ""
	if kind == ProblemTxEnded {
		detail = err.Error()
	}
	writeProblem(w, http.StatusInternalServerError, kind, "internal error: "+what, detail)
}

// replay answers a repeat from the stored row.
func (m *Middleware) replay(w http.ResponseWriter, r *http.Request, st stored, k keyed) {
	switch {
	case string(st.hash) != string(k.hash):
		writeProblem(w, http.StatusUnprocessableEntity, ProblemKeyReused, "Idempotency-Key reused for another request",
			"this key was first used with another method, path, query or body; use a new key for a new operation")
	case st.status == 0:
		m.cfg.Logger.ErrorContext(r.Context(), "httpkey: key committed without a response", "scope", k.scope)
		writeProblem(w, http.StatusInternalServerError, ProblemTxEnded, "no stored response for this Idempotency-Key",
			"the first request's handler ended the key's transaction, so its response was not stored")
	case !st.bodyStored:
		if loc := st.header["Location"]; len(loc) > 0 {
			w.Header().Set("Location", loc[0])
		}
		w.Header().Set(ReplayedHeader, "true")
		writeProblem(w, http.StatusGone, ProblemNotStored, "the response to this Idempotency-Key was not stored",
			fmt.Sprintf("the operation completed with status %d, but its response was too large to keep", st.status))
	default:
		writeResponse(w, st.header, st.status, st.body, true)
	}
}

// retryOrFail reports busy for errors that a new pass resolves: a
// serialization failure or deadlock (REPEATABLE READ, SERIALIZABLE) and a
// lock_timeout; it answers 500 for the rest.
func (m *Middleware) retryOrFail(w http.ResponseWriter, r *http.Request, what string, err error) (busy bool) {
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		switch pgErr.Code {
		case "40001", "40P01", "55P03": // serialization_failure, deadlock_detected, lock_not_available
			return true
		}
	}
	m.fail(w, r, what, err)
	return false
}
