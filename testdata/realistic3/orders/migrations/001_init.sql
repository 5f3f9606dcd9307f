-- orders service schema (applied by the platform team's migrator)
CREATE TABLE orders (
    id          text PRIMARY KEY,
    customer_id text        NOT NULL,
    amount      bigint      NOT NULL,
    currency    text        NOT NULL,
    status      text        NOT NULL DEFAULT 'PLACED',
    charge_id   text,
    created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE outbox (
    id           bigserial PRIMARY KEY,
    topic        text        NOT NULL,
    key          text        NOT NULL,
    payload      bytea       NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now(),
    published_at timestamptz
);

CREATE TABLE inbox (
    consumer    text NOT NULL,
    event_id    text NOT NULL,
    received_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (consumer, event_id)
);

CREATE TABLE payment_attempts (
    id          bigserial PRIMARY KEY,
    order_id    text NOT NULL REFERENCES orders (id),
    attempt_key text NOT NULL UNIQUE,
    created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE payments (
    id        uuid PRIMARY KEY,
    order_id  text   NOT NULL,
    provider  text   NOT NULL,
    amount    bigint NOT NULL
);

-- stored HTTP responses for the Idempotency-Key middleware
CREATE TABLE idempotency_keys (
    id         bigserial PRIMARY KEY,
    key        text  NOT NULL,
    status     int   NOT NULL,
    body       bytea NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX idempotency_keys_key_idx ON idempotency_keys (key);

CREATE TABLE coupon_redemptions (
    id        bigserial PRIMARY KEY,
    order_id  text NOT NULL,
    coupon    text NOT NULL,
    CONSTRAINT coupon_redemptions_order_uq UNIQUE (order_id)
);

CREATE TABLE shipments (
    order_id   text PRIMARY KEY,
    carrier    text NOT NULL,
    shipped_at timestamptz NOT NULL
);

CREATE TABLE order_digests (
    day     date   NOT NULL,
    orders  bigint NOT NULL,
    revenue bigint NOT NULL
);
