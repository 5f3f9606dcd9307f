-- name: A :one
insert into a (k) values ($1) on conflict do nothing returning *;
