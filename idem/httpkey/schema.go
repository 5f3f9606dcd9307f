package httpkey

// Schema creates the idempotency_key table, or adds the columns a table made
// by an earlier version lacks. It is idempotent.
const Schema = `CREATE TABLE IF NOT EXISTS idempotency_key (
	scope        text        NOT NULL,
	key          text        NOT NULL,
	request_hash bytea       NOT NULL,
	status       int         NOT NULL DEFAULT 0,
	headers      jsonb       NOT NULL DEFAULT '{}',
	body         bytea       NOT NULL DEFAULT '',
	created_at   timestamptz NOT NULL DEFAULT now(),
	PRIMARY KEY (scope, key)
);
ALTER TABLE idempotency_key ADD COLUMN IF NOT EXISTS body_stored boolean NOT NULL DEFAULT true;
CREATE INDEX IF NOT EXISTS idempotency_key_created_at ON idempotency_key (created_at);`

const (
	// loadQuery reads a committed outcome; status 0 means none was stored.
	loadQuery = `SELECT request_hash, status, headers, body, body_stored,
	created_at < now() - make_interval(secs => $3)
FROM idempotency_key WHERE scope = $1 AND key = $2`

	tryLockQuery = `SELECT pg_try_advisory_xact_lock($1)`

	// ownerQuery reads what the owner restores after the claim, and its
	// transaction id (a handler that ends the transaction changes it).
	ownerQuery = `SELECT current_setting('lock_timeout'), txid_current()`

	setLockTimeoutQuery = `SELECT set_config('lock_timeout', $1, true)`

	// handlerSettingsQuery gives the handler the session's own lock_timeout
	// back and bounds how long the owner may sit idle in its transaction.
	handlerSettingsQuery = `SELECT set_config('lock_timeout', $1, true),
	set_config('idle_in_transaction_session_timeout', $2, true)`

	expireQuery = `DELETE FROM idempotency_key
WHERE scope = $1 AND key = $2 AND created_at < now() - make_interval(secs => $3)`

	claimQuery = `INSERT INTO idempotency_key (scope, key, request_hash)
VALUES ($1, $2, $3)
ON CONFLICT (scope, key) DO NOTHING`

	saveQuery = `UPDATE idempotency_key SET status = $3, headers = $4, body = $5, body_stored = $6
WHERE scope = $1 AND key = $2 AND status = 0 AND txid_current() = $7`

	purgeQuery = `DELETE FROM idempotency_key WHERE created_at < now() - make_interval(secs => $1)`
)
