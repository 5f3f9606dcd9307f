CREATE TABLE refunds (
    id text PRIMARY KEY,
    payout_id text NOT NULL,
    refund_key text NOT NULL,
    amount_cents bigint NOT NULL,
    CONSTRAINT refunds_refund_key_key UNIQUE (refund_key)
);

CREATE TABLE payout_notes (
    id text PRIMARY KEY,
    note_key text NOT NULL,
    body text NOT NULL
);
CREATE INDEX payout_notes_note_key_idx ON payout_notes (note_key);
