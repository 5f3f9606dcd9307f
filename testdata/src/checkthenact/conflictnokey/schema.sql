-- orders: the primary key is a generated id; the idempotency key has an
-- index, but not a unique one.
CREATE TABLE orders (
    id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    idempotency_key text NOT NULL,
    amount          bigint NOT NULL
);
CREATE INDEX idx_orders_key ON orders (idempotency_key);

-- payments: the idempotency key is unique.
CREATE TABLE payments (
    id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    idempotency_key text NOT NULL UNIQUE,
    amount          bigint NOT NULL
);
