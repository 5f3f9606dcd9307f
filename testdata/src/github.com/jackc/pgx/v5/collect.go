// Stub of github.com/jackc/pgx/v5 v5.7.6 (rows.go): only the declarations used by tests.
package pgx

import "github.com/jackc/pgx/v5/pgconn"

// CollectableRow is the subset of Rows methods that a RowToFunc is allowed to call.
type CollectableRow interface {
	FieldDescriptions() []pgconn.FieldDescription
	Scan(dest ...any) error
	Values() ([]any, error)
	RawValues() [][]byte
}

// RowToFunc is a function that scans or otherwise converts row to a T.
type RowToFunc[T any] func(row CollectableRow) (T, error)

// CollectOneRow calls fn for the first row in rows and returns the result. If no rows are found returns an error where errors.Is(ErrNoRows) is true.
// CollectOneRow is to CollectRows as QueryRow is to Query.
//
// This function closes the rows automatically on return.
func CollectOneRow[T any](rows Rows, fn RowToFunc[T]) (T, error) {
	var value T
	return value, nil
}

// CollectExactlyOneRow calls fn for the first row in rows and returns the result.
func CollectExactlyOneRow[T any](rows Rows, fn RowToFunc[T]) (T, error) {
	var value T
	return value, nil
}

// RowTo returns a T scanned from row.
func RowTo[T any](row CollectableRow) (T, error) {
	var value T
	err := row.Scan(&value)
	return value, err
}
