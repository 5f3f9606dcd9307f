// Package adapters implements the use case's ports with pgx and kafka-go;
// it does not import the use case.
package adapters

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/segmentio/kafka-go"

	"dualwrite/wiringreturned/usecase"
)

type Users struct{ pool *pgxpool.Pool }

func (r *Users) UpdateUser(ctx context.Context, id, name string) (*usecase.User, error) {
	_, err := r.pool.Exec(ctx, `UPDATE users SET name = $2 WHERE id = $1`, id, name)
	return &usecase.User{ID: id, Name: name}, err
}

func (r *Users) FetchUnsent(ctx context.Context) (*usecase.User, error) {
	var u usecase.User
	err := r.pool.QueryRow(ctx, `SELECT id, name FROM users_outbox LIMIT 1`).Scan(&u.ID, &u.Name)
	return &u, err
}

type Events struct{ w *kafka.Writer }

func (e *Events) PublishUserUpdated(ctx context.Context, u *usecase.User) error {
	return e.w.WriteMessages(ctx, kafka.Message{Key: []byte(u.ID)})
}
