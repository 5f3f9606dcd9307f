-- name: InsertProcessedEvent :one
INSERT INTO processed_event (event_id, consumer_id)
VALUES ($1, $2)
ON CONFLICT (event_id, consumer_id) DO NOTHING
RETURNING event_id;

-- name: MarkProcessed :execrows
INSERT INTO processed_event (event_id, consumer_id)
VALUES ($1, $2)
ON CONFLICT (event_id, consumer_id) DO NOTHING;
