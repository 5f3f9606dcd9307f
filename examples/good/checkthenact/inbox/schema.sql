-- The inbox: message_id is the primary key, so the second insert of a
-- message fails and rolls back its transaction.
CREATE TABLE inbox_message (
    message_id TEXT PRIMARY KEY,
    received_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
