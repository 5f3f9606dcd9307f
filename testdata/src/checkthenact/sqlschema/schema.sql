-- payments carries no unique index on order_id.
CREATE TABLE payments (
    id BIGSERIAL PRIMARY KEY,
    order_id BIGINT NOT NULL,
    paid BOOLEAN NOT NULL DEFAULT false
);
CREATE INDEX payments_order_id ON payments (order_id);
