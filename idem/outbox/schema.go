package outbox

// Schema creates the outbox_event table. It is idempotent.
const Schema = `CREATE TABLE IF NOT EXISTS outbox_event (
	id           bigserial   PRIMARY KEY,
	event_id     text        NOT NULL UNIQUE,
	topic        text        NOT NULL,
	key          bytea,
	payload      bytea       NOT NULL,
	headers      jsonb       NOT NULL DEFAULT '{}',
	status       text        NOT NULL DEFAULT 'PENDING'
	             CHECK (status IN ('PENDING', 'PUBLISHING', 'PUBLISHED')),
	created_at   timestamptz NOT NULL DEFAULT now(),
	locked_at    timestamptz,
	published_at timestamptz
);
CREATE INDEX IF NOT EXISTS outbox_event_pending ON outbox_event (id) WHERE status = 'PENDING';
CREATE INDEX IF NOT EXISTS outbox_event_publishing ON outbox_event (locked_at) WHERE status = 'PUBLISHING';`

const (
	enqueueQuery = `INSERT INTO outbox_event (event_id, topic, key, payload, headers)
VALUES ($1, $2, $3, $4, $5)`

	// lockPendingQuery locks a batch for the default mode's transaction.
	lockPendingQuery = `SELECT id, event_id, topic, key, payload, headers
FROM outbox_event
WHERE status = 'PENDING'
ORDER BY id
LIMIT $1
FOR UPDATE SKIP LOCKED`

	markPublishedQuery = `UPDATE outbox_event
SET status = 'PUBLISHED', published_at = now(), locked_at = NULL
WHERE id = ANY($1) AND status <> 'PUBLISHED'`

	// claimPublishingQuery is the two-phase mode's first phase.
	claimPublishingQuery = `UPDATE outbox_event
SET status = 'PUBLISHING', locked_at = now()
WHERE id IN (
	SELECT id FROM outbox_event
	WHERE status = 'PENDING'
	ORDER BY id
	LIMIT $1
	FOR UPDATE SKIP LOCKED
)
RETURNING id, event_id, topic, key, payload, headers`

	resetStuckQuery = `UPDATE outbox_event
SET status = 'PENDING', locked_at = NULL
WHERE status = 'PUBLISHING' AND locked_at < now() - make_interval(secs => $1)`

	purgeQuery = `DELETE FROM outbox_event
WHERE status = 'PUBLISHED' AND published_at < now() - make_interval(secs => $1)`
)
