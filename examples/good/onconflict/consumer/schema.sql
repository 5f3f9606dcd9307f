CREATE TABLE processed_event (
    event_id     text        NOT NULL,
    consumer_id  text        NOT NULL,
    processed_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (event_id, consumer_id)
);

CREATE TABLE charge_request (
    id              bigserial PRIMARY KEY,
    order_id        text   NOT NULL,
    amount          bigint NOT NULL,
    idempotency_key text   NOT NULL UNIQUE
);
