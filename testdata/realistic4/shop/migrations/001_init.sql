-- shop schema
CREATE TABLE orders (
    id          BIGSERIAL PRIMARY KEY,
    customer_id TEXT        NOT NULL,
    cart_id     TEXT        NOT NULL,
    total_cents BIGINT      NOT NULL,
    status      TEXT        NOT NULL DEFAULT 'pending',
    created_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX orders_cart_id_key ON orders (cart_id);

CREATE TABLE stock (
    sku       TEXT PRIMARY KEY,
    available INT  NOT NULL,
    reserved  INT  NOT NULL DEFAULT 0
);

-- checkout requests are looked up by the client's Idempotency-Key.
CREATE TABLE checkout_requests (
    id              BIGSERIAL PRIMARY KEY,
    idempotency_key TEXT        NOT NULL,
    order_id        BIGINT      NOT NULL,
    response        JSONB       NOT NULL,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX checkout_requests_key_idx ON checkout_requests (idempotency_key);

CREATE TABLE gift_redemptions (
    code       TEXT PRIMARY KEY,
    order_id   BIGINT NOT NULL,
    redeemed_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE processed_messages (
    message_id TEXT PRIMARY KEY,
    handled_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE outbox (
    id           BIGSERIAL PRIMARY KEY,
    routing_key  TEXT        NOT NULL,
    payload      JSONB       NOT NULL,
    published_at TIMESTAMPTZ
);
