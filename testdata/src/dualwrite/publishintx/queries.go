package publishintx

import (
	"context"
	"database/sql"
)

// DBTX, Queries and WithTx are shaped as sqlc generates them.
type DBTX interface {
	ExecContext(context.Context, string, ...interface{}) (sql.Result, error)
	QueryContext(context.Context, string, ...interface{}) (*sql.Rows, error)
	QueryRowContext(context.Context, string, ...interface{}) *sql.Row
}

type Queries struct{ db DBTX }

func New(db DBTX) *Queries { return &Queries{db: db} }

func (q *Queries) WithTx(tx *sql.Tx) *Queries { return &Queries{db: tx} }

const createTicket = `INSERT INTO tickets (id, kind) VALUES ($1, $2)`

func (q *Queries) CreateTicket(ctx context.Context, id, kind string) error {
	_, err := q.db.ExecContext(ctx, createTicket, id, kind)
	return err
}
