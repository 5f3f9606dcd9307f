CREATE TABLE idempotency_keys (
    id   bigserial PRIMARY KEY,
    key  text NOT NULL,
    body bytea NOT NULL
);
CREATE INDEX idempotency_keys_key_idx ON idempotency_keys (key);

CREATE TABLE redemptions (
    order_id text PRIMARY KEY,
    coupon   text NOT NULL
);

CREATE TABLE payout_requests (
    request_id text PRIMARY KEY,
    payout_id  text NOT NULL
);
