-- name: InsertProcessedEvent :one
INSERT INTO processed_event (event_id, consumer_id, processed_at)
VALUES ($1, $2, now())
ON CONFLICT (event_id, consumer_id) DO UPDATE
    SET processed_at = EXCLUDED.processed_at
RETURNING (xmax = 0) AS inserted;

-- name: MarkProcessed :execrows
INSERT INTO processed_event (event_id, consumer_id, processed_at)
VALUES ($1, $2, now())
ON CONFLICT (event_id, consumer_id) DO NOTHING;

-- name: CreateChargeRequest :exec
INSERT INTO charge_request (order_id, amount, idempotency_key)
VALUES ($1, $2, $3);
