CREATE TABLE IF NOT EXISTS processed_messages (
    message_id TEXT PRIMARY KEY,
    processed_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE TABLE orders (id UUID PRIMARY KEY, idempotency_key TEXT, total BIGINT);
CREATE UNIQUE INDEX orders_idempotency_key ON orders (idempotency_key);
