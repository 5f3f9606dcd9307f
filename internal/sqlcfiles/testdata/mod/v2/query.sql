-- name: InsertProcessedEventXmax :one
INSERT INTO processed_event (event_id, consumer_id)
VALUES (@event_id, @consumer_id)
ON CONFLICT (event_id, consumer_id) DO UPDATE
    SET consumer_id = EXCLUDED.consumer_id
RETURNING (xmax = 0) AS inserted;

-- name: ClaimKey :one
WITH ins AS (
  INSERT INTO idempotency_key (key) VALUES ($1)
  ON CONFLICT (key) DO NOTHING
  RETURNING id
)
SELECT id FROM ins;

-- name: ListMany :many
INSERT INTO t (k) VALUES ($1) ON CONFLICT DO NOTHING RETURNING id;

/* name: Fallback :one */
WITH ins AS (
  INSERT INTO idempotency_key (key) VALUES ($1) ON CONFLICT (key) DO NOTHING RETURNING id
)
SELECT id FROM ins UNION ALL SELECT id FROM idempotency_key WHERE key = $1 LIMIT 1;
