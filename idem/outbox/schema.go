package outbox

// Schema creates the outbox_event table, or brings a table made by an
// earlier version up to date (attempts, last_error, next_attempt_at, lease,
// the FAILED status). It is idempotent.
const Schema = `CREATE TABLE IF NOT EXISTS outbox_event (
	id           bigserial   PRIMARY KEY,
	event_id     text        NOT NULL UNIQUE,
	topic        text        NOT NULL,
	key          bytea,
	payload      bytea       NOT NULL,
	headers      jsonb       NOT NULL DEFAULT '{}',
	status       text        NOT NULL DEFAULT 'PENDING',
	created_at   timestamptz NOT NULL DEFAULT now(),
	locked_at    timestamptz,
	published_at timestamptz
);
ALTER TABLE outbox_event ADD COLUMN IF NOT EXISTS attempts int NOT NULL DEFAULT 0;
ALTER TABLE outbox_event ADD COLUMN IF NOT EXISTS last_error text;
ALTER TABLE outbox_event ADD COLUMN IF NOT EXISTS next_attempt_at timestamptz NOT NULL DEFAULT now();
ALTER TABLE outbox_event ADD COLUMN IF NOT EXISTS lease bigint;
ALTER TABLE outbox_event DROP CONSTRAINT IF EXISTS outbox_event_status_check;
ALTER TABLE outbox_event ADD CONSTRAINT outbox_event_status_check
	CHECK (status IN ('PENDING', 'PUBLISHING', 'PUBLISHED', 'FAILED'));
CREATE SEQUENCE IF NOT EXISTS outbox_event_lease;
CREATE INDEX IF NOT EXISTS outbox_event_pending ON outbox_event (id) WHERE status = 'PENDING';
CREATE INDEX IF NOT EXISTS outbox_event_publishing ON outbox_event (locked_at) WHERE status = 'PUBLISHING';
CREATE INDEX IF NOT EXISTS outbox_event_unpublished_key ON outbox_event (topic, key, id)
	WHERE status IN ('PENDING', 'PUBLISHING');`

const (
	enqueueQuery = `INSERT INTO outbox_event (event_id, topic, key, payload, headers)
VALUES ($1, $2, $3, $4, $5)`

	// ready selects the rows a batch may take: PENDING and due, and not
	// behind an earlier row of the same key that is being published or
	// waiting for its retry (so a retry never lets a later event of its key
	// overtake it). A FAILED row does not hold its key back.
	ready = `FROM outbox_event o
WHERE o.status = 'PENDING' AND o.next_attempt_at <= now()
AND NOT EXISTS (
	SELECT 1 FROM outbox_event e
	WHERE e.topic = o.topic AND e.key = o.key AND e.id < o.id
	AND (e.status = 'PUBLISHING' OR (e.status = 'PENDING' AND e.next_attempt_at > now()))
)
ORDER BY o.id
LIMIT $1
FOR UPDATE OF o SKIP LOCKED`

	// lockPendingQuery locks a batch for the default mode's transaction.
	lockPendingQuery = `SELECT o.id, o.event_id, o.topic, o.key, o.payload, o.headers ` + ready

	newLeaseQuery = `SELECT nextval('outbox_event_lease')`

	// claimPublishingQuery is the two-phase mode's first phase: the rows get
	// the batch's lease, the fencing token every later step checks.
	claimPublishingQuery = `UPDATE outbox_event
SET status = 'PUBLISHING', locked_at = now(), lease = $2
WHERE id IN (SELECT o.id ` + ready + `)
RETURNING id, event_id, topic, key, payload, headers`

	// fenced holds for the rows of the batch with lease $2 (0: the default
	// mode, whose rows are locked by its transaction).
	fenced = `($2::bigint = 0 OR (status = 'PUBLISHING' AND lease = $2))`

	leaseHeldQuery = `SELECT count(*) FROM outbox_event WHERE id = ANY($1) AND ` + fenced

	markPublishedQuery = `UPDATE outbox_event
SET status = 'PUBLISHED', published_at = now(), locked_at = NULL, lease = NULL
WHERE id = ANY($1) AND status <> 'PUBLISHED' AND ` + fenced

	// releaseQuery returns rows whose publish failed for a passing reason
	// to PENDING, without counting an attempt.
	releaseQuery = `UPDATE outbox_event
SET status = 'PENDING', locked_at = NULL, lease = NULL
WHERE id = ANY($1) AND ` + fenced

	// failQuery counts a failed attempt of each row ($3: its error): the row
	// waits RetryBackoff·2^(attempts-1) (at most $5 seconds), or becomes
	// FAILED at MaxAttempts ($4).
	failQuery = `UPDATE outbox_event o
SET attempts = o.attempts + 1, last_error = f.err, locked_at = NULL, lease = NULL,
	status = CASE WHEN o.attempts + 1 >= $4 THEN 'FAILED' ELSE 'PENDING' END,
	next_attempt_at = now() + make_interval(secs => least($5::float8, $6::float8 * power(2, o.attempts)))
FROM unnest($1::bigint[], $3::text[]) AS f(id, err)
WHERE o.id = f.id AND ($2::bigint = 0 OR (o.status = 'PUBLISHING' AND o.lease = $2))
RETURNING o.id, o.attempts, o.status = 'FAILED'`

	resetStuckQuery = `UPDATE outbox_event
SET status = 'PENDING', locked_at = NULL, lease = NULL
WHERE status = 'PUBLISHING' AND locked_at < now() - make_interval(secs => $1)`

	retryFailedQuery = `UPDATE outbox_event
SET status = 'PENDING', attempts = 0, next_attempt_at = now()
WHERE status = 'FAILED' AND event_id = ANY($1)`

	purgeQuery = `DELETE FROM outbox_event
WHERE status = 'PUBLISHED' AND published_at < now() - make_interval(secs => $1)`
)
