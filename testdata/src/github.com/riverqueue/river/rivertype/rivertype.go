// Stub of github.com/riverqueue/river/rivertype v0.26.0 (river_type.go): only the declarations used by tests.
package rivertype

// JobRow is a single job in the database.
type JobRow struct {
	ID   int64
	Kind string
}

// JobInsertResult is the result of a job insert.
type JobInsertResult struct {
	Job                      *JobRow
	UniqueSkippedAsDuplicate bool
}
