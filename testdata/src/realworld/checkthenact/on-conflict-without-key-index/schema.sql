-- The orders table of the case: the primary key is a generated id; the
-- idempotency key has an index, but not a unique one.
CREATE TABLE orders (
    id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    idempotency_key uuid NOT NULL,
    amount          bigint NOT NULL
);
CREATE INDEX idx_orders_idempotency_key ON orders (idempotency_key);

-- The claims table of the correct form: the key is the primary key.
CREATE TABLE order_claims (
    idempotency_key uuid PRIMARY KEY
);
