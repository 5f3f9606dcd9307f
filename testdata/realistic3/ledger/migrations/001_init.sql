CREATE TABLE accounts (
    id       text PRIMARY KEY,
    balance  bigint NOT NULL DEFAULT 0,
    external_balance bigint,
    checked_at timestamptz
);

CREATE TABLE entries (
    id          uuid PRIMARY KEY,
    posting_id  text   NOT NULL,
    account_id  text   NOT NULL REFERENCES accounts (id),
    amount      bigint NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE processed_postings (
    posting_id   text PRIMARY KEY,
    processed_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE payouts (
    id          text PRIMARY KEY,
    account_id  text   NOT NULL,
    amount      bigint NOT NULL,
    status      text   NOT NULL DEFAULT 'PENDING',
    bank_ref    text
);

CREATE TABLE payout_requests (
    request_id  text PRIMARY KEY,
    payout_id   text NOT NULL
);

CREATE TABLE ledger_outbox (
    id        bigserial PRIMARY KEY,
    topic     text  NOT NULL,
    key       text  NOT NULL,
    payload   bytea NOT NULL,
    sent_at   timestamptz
);

CREATE TABLE audit_outbox (
    id        bigserial PRIMARY KEY,
    payload   bytea NOT NULL
);
