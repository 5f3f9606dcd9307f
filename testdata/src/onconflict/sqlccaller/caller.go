package sqlccaller

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"onconflict/sqlcgen"
)

type consumer struct {
	pool *pgxpool.Pool
	q    *sqlcgen.Queries
}

// The seed's handler: the wrapped error fails every redelivery.
func (c *consumer) handle(ctx context.Context, id string) error { // want handle:"writes\\(sqlcgen.\\(\\*Queries\\).InsertProcessedEvent\\)"
	tx, err := c.pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	q := c.q.WithTx(tx)
	if _, err := q.InsertProcessedEvent(ctx, sqlcgen.InsertProcessedEventParams{EventID: id, ConsumerID: "billing"}); err != nil { // want `sqlcgen.\(\*Queries\).InsertProcessedEvent returns ErrNoRows on a duplicate \(sqlc :one query InsertProcessedEvent with ON CONFLICT DO NOTHING RETURNING\); this code treats it as a failure`
		return fmt.Errorf("insert processed event: %w", err)
	}
	return tx.Commit(ctx)
}

func badPlainReturn(ctx context.Context, q *sqlcgen.Queries, id string) error {
	_, err := q.InsertProcessedEvent(ctx, sqlcgen.InsertProcessedEventParams{EventID: id}) // want `InsertProcessedEvent returns ErrNoRows on a duplicate`
	if err != nil {
		return err
	}
	fmt.Println("charged", id)
	return nil
}

func badIgnored(ctx context.Context, q *sqlcgen.Queries, id string) {
	eventID, _ := q.InsertProcessedEvent(ctx, sqlcgen.InsertProcessedEventParams{EventID: id}) // want `this code ignores the error and goes on as if the row were new`
	fmt.Println(eventID)
}

func badCTEWrapper(ctx context.Context, q *sqlcgen.Queries, id string) error {
	if _, err := q.WrapInsert(ctx, sqlcgen.WrapInsertParams{EventID: id}); err != nil { // want `sqlc :one query WrapInsert with ON CONFLICT DO NOTHING RETURNING`
		return err
	}
	fmt.Println("done")
	return nil
}

func goodErrorsIs(ctx context.Context, q *sqlcgen.Queries, id string) error {
	_, err := q.InsertProcessedEvent(ctx, sqlcgen.InsertProcessedEventParams{EventID: id})
	if errors.Is(err, pgx.ErrNoRows) {
		return nil // already processed
	}
	if err != nil {
		return err
	}
	fmt.Println("charged", id)
	return nil
}

func goodEqualSQL(ctx context.Context, q *sqlcgen.Queries, id string) error {
	_, err := q.InsertProcessedEvent(ctx, sqlcgen.InsertProcessedEventParams{EventID: id})
	if err == sql.ErrNoRows || err == nil {
		fmt.Println("ok", id)
		return nil
	}
	return err
}

func goodSwitch(ctx context.Context, q *sqlcgen.Queries, id string) error {
	_, err := q.InsertProcessedEvent(ctx, sqlcgen.InsertProcessedEventParams{EventID: id})
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return nil
	case err != nil:
		return err
	}
	fmt.Println("charged", id)
	return nil
}

func goodSwitchTag(ctx context.Context, q *sqlcgen.Queries, id string) error {
	_, err := q.InsertProcessedEvent(ctx, sqlcgen.InsertProcessedEventParams{EventID: id})
	switch err {
	case nil:
	case pgx.ErrNoRows:
		return nil
	default:
		return err
	}
	fmt.Println("charged", id)
	return nil
}

func isNoRows(err error) bool { return errors.Is(err, pgx.ErrNoRows) }

func goodHelper(ctx context.Context, q *sqlcgen.Queries, id string) error {
	if _, err := q.InsertProcessedEvent(ctx, sqlcgen.InsertProcessedEventParams{EventID: id}); err != nil {
		if isNoRows(err) {
			return nil
		}
		return err
	}
	fmt.Println("charged", id)
	return nil
}

func goodOtherQueries(ctx context.Context, q *sqlcgen.Queries, id string) error {
	n, err := q.MarkProcessed(ctx, sqlcgen.MarkProcessedParams{EventID: id})
	if err != nil {
		return err
	}
	if n == 0 {
		return nil
	}
	if err := q.RecordEvent(ctx, sqlcgen.RecordEventParams{EventID: id}); err != nil {
		return err
	}
	inserted, err := q.InsertProcessedEventXmax(ctx, sqlcgen.InsertProcessedEventXmaxParams{EventID: id})
	if err != nil || !inserted {
		return err
	}
	if _, err := q.InsertReturningMany(ctx, sqlcgen.InsertReturningManyParams{EventID: id}); err != nil {
		return err
	}
	row, err := q.ClaimEvent(ctx, sqlcgen.ClaimEventParams{EventID: id})
	if err != nil || !row.Inserted {
		return err
	}
	fmt.Println("charged", id)
	return nil
}

// repo is a thin hand-written wrapper: it returns the error as is, so its
// callers decide.
type repo struct{ q *sqlcgen.Queries }

func (r *repo) MarkEvent(ctx context.Context, id string) (string, error) { // want MarkEvent:"noRowOnConflict\\(InsertProcessedEvent via sqlcgen.\\(\\*Queries\\).InsertProcessedEvent\\)" MarkEvent:"writes\\(sqlcgen.\\(\\*Queries\\).InsertProcessedEvent\\)"
	return r.q.InsertProcessedEvent(ctx, sqlcgen.InsertProcessedEventParams{EventID: id})
}

func badThroughRepo(ctx context.Context, r *repo, id string) error {
	if _, err := r.MarkEvent(ctx, id); err != nil { // want `sqlccaller.\(\*repo\).MarkEvent → sqlcgen.\(\*Queries\).InsertProcessedEvent returns ErrNoRows on a duplicate`
		return err
	}
	fmt.Println("charged", id)
	return nil
}

func goodThroughRepo(ctx context.Context, r *repo, id string) error {
	if _, err := r.MarkEvent(ctx, id); err != nil && !errors.Is(err, pgx.ErrNoRows) {
		return err
	}
	return nil
}

func badInClosure(ctx context.Context, q *sqlcgen.Queries) func(string) error {
	return func(id string) error {
		_, err := q.InsertProcessedEvent(ctx, sqlcgen.InsertProcessedEventParams{EventID: id}) // want `InsertProcessedEvent returns ErrNoRows`
		return err
	}
}

func suppressed(ctx context.Context, q *sqlcgen.Queries, id string) error {
	//idemlint:ignore onconflict the event ids are unique per delivery upstream
	_, err := q.InsertProcessedEvent(ctx, sqlcgen.InsertProcessedEventParams{EventID: id})
	fmt.Println(id)
	return err
}
