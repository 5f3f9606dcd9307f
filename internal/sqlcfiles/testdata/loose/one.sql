-- name: Loose :one
INSERT INTO t (k) VALUES ($1)
  ON CONFLICT (k) DO NOTHING RETURNING id;
