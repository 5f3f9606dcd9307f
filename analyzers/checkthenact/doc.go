// Package checkthenact defines an Analyzer that reports idempotency checks
// that are not atomic: a key is read, and inserted later without a claim.
//
// # Analyzer checkthenact
//
// checkthenact: report a key checked with a read and inserted later without a claim (two concurrent retries both pass the check)
//
// An idempotency guard that SELECTs the key and INSERTs it after the work
// (the NestJS guard of the seed does exactly this) lets two retries that
// arrive together both find nothing, both do the work, and both insert:
// the payment is created twice, the order placed twice. A retry after a
// crash between the work and the insert does the work again too.
//
// The analyzer reports, in one function, a read of a key followed by an
// insert of the same key:
//   - the read: a constant SELECT ... WHERE key = $1 (also ?, EXISTS and
//     COUNT forms) through pgx, pgxpool, database/sql, sqlx or a sqlc DBTX
//     interface; a GORM chain ending in First, Take, Last, Find, Count,
//     Scan or Pluck with Where("key = ?", k), a struct or map condition or
//     an inline one; a go-redis v8/v9 GET, EXISTS, HGET or Do("GET", k);
//   - the insert: a constant INSERT INTO t (key, ...) VALUES ($1, ...)
//     without ON CONFLICT; a GORM Create or Save of a model whose field
//     maps to the key column; a go-redis SET (SetEx, HSet, SetArgs without
//     Mode "NX", Do("SET", k, v));
//   - the same key: the same variable, field or getter (req.IdempotencyKey,
//     order.GetId()) flows into both, through local variables, composite
//     literals (&Order{IdempotencyKey: req.IdempotencyKey}), field
//     assignments, conversions, String() and constant prefixes;
//   - through helpers at any depth and across packages: a repository
//     method (GetByIdempotencyKey, ExistsByMessageID, CountByOrderId,
//     Save) whose body reads or inserts a key from its parameters carries
//     a KeyOps fact; interface methods resolve to the implementations
//     in sight, function values (a method value in a field) to the
//     functions they may hold;
//   - through ports wired at the composition root: when the check, the
//     insert or the work between them is the call of an interface method
//     of the module whose implementation is out of sight (a domain port
//     implemented in an adapter the use case does not import), the
//     sequence is recorded in a Pending package fact, and the first
//     package that sees the implementations (main, which wires them)
//     completes it from their KeyOps facts — a read of the port's key
//     parameter, an insert of it without a claim, a network call or a
//     publish between — and reports at the wiring ("wired here"); a port
//     that nothing implements leaves the sequence silent.
//
// A unique key makes the insert a claim: the second concurrent insert
// fails. Unique keys are learnt from what the module carries: every *.sql
// file from the module root down (migrations, sqlc schemas, init scripts:
// CREATE TABLE with PRIMARY KEY or UNIQUE, CREATE UNIQUE INDEX, ALTER
// TABLE ADD CONSTRAINT ... UNIQUE, and INSERT ... ON CONFLICT (cols)
// targets, which Postgres only accepts on a unique index), atlas HCL
// schemas (primary_key, index blocks with unique = true), the package's
// own ON CONFLICT targets, and GORM model tags (primaryKey, unique,
// uniqueIndex, and the ID field). With a unique key in sight the check is
// safe when everything it guards happens in the insert's transaction or
// after the insert, and it is still reported when work that commits or
// leaves the process — a network call, a publish, a write outside the
// insert's transaction, running the handler (ServeHTTP) — happens between
// the check and the insert: the loser of the race has done that work
// before its insert fails. With no unique key in sight the message says
// whether the table's schema is visible and names both remedies.
//
// A Redis GET then SET is reported when work happens between them (any
// call whose effects are out of sight counts: the GET guards it); a GET
// followed only by the SET guards nothing.
//
// An INSERT ... ON CONFLICT claims the key only where its conflict can
// fire on the key's column: a conflict target naming the column, or, with
// no target, a unique key on the column in the module's schema. One whose
// target names other columns, or whose table's schema shows no unique key
// on the column (only a generated id), is a plain insert and is judged as
// one. Where the table's schema is not in sight, or the target names a
// constraint, it is taken for a claim.
//
// Not reported: an INSERT ... ON CONFLICT (DO NOTHING or DO UPDATE) that
// claims the key, a GORM
// Create with clause.OnConflict, SETNX, SET ... NX and SetArgs with Mode
// "NX" (claims); a claim of the key between the check and the insert; a
// read with FOR UPDATE, a lock that covers the checked key held when the
// check reads, or a SERIALIZABLE isolation level in the function
// (sql.LevelSerializable, pgx.Serializable, SET TRANSACTION ISOLATION
// LEVEL SERIALIZABLE); an insert of a key backed by a unique key with only
// transactional work between. SQL that is not constant is not read.
//
// A lock covers the key when it serializes the requests that check it:
// FOR UPDATE (or GORM clause.Locking) on a row found by the key, the key's
// own row or its parent's (SELECT ... FROM clients WHERE id = $1 FOR
// UPDATE before counting the client's orders); pg_advisory_xact_lock on
// the key, a hash of it, a value computed out of sight or a constant (a
// global lock); LOCK TABLE on the checked table; a GORM locking read
// taken earlier in the check's transaction whose destination the checked
// key comes from (First(&w) under clause.Locking, then entries.wallet_id
// = w.ID). It must be taken before
// the read, or the key read again after it (the check redone under the
// lock). A lock on other rows (FOR UPDATE on the bank detail chosen by
// the order's amount), on another table, or taken after the check is
// reported: two requests for the same key both pass the check. A helper
// that locks without a locking read of a key (an advisory lock inside a
// repository method) is taken to cover the key: its scope is out of
// sight.
//
// Libraries: pgx, database/sql, sqlx, sqlc; GORM (Where/First/Take/Count,
// Create/Save, clause.OnConflict); go-redis v8/v9 (Get/Exists, Set,
// SetNX, SetArgs); unique keys from the module's SQL files, sqlc schemas,
// atlas HCL and GORM tags.
//
// Bad:
//
//	var n int
//	if err := db.QueryRowContext(ctx, `SELECT count(*) FROM payments WHERE order_id = $1`, orderID).Scan(&n); err != nil || n > 0 {
//		return err
//	}
//	if err := merchant.Notify(ctx, orderID); err != nil { // both retries notify
//		return err
//	}
//	_, err := db.ExecContext(ctx, `INSERT INTO payments (order_id) VALUES ($1)`, orderID)
//
// Good:
//
//	res, err := db.ExecContext(ctx, `INSERT INTO payments (order_id) VALUES ($1) ON CONFLICT (order_id) DO NOTHING`, orderID)
//	if err != nil {
//		return err
//	}
//	if n, _ := res.RowsAffected(); n == 0 {
//		return nil // the other attempt claimed it
//	}
//	return merchant.Notify(ctx, orderID) // with orderID as the provider's idempotency key
package checkthenact
