CREATE TABLE idempotency_responses (
    key TEXT NOT NULL,
    body BYTEA,
    CONSTRAINT idempotency_responses_pk PRIMARY KEY (key)
);
