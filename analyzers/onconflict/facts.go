package onconflict

import (
	"strconv"
	"strings"
)

// NoRowOnConflict marks a function whose error is ErrNoRows when its
// INSERT ... ON CONFLICT DO NOTHING ... RETURNING skips a duplicate: a sqlc
// :one query method, or a hand-written one that returns the Scan error.
// Query is the sqlc query name (Sqlc set), or the library call that runs
// the query; Chain names the calls below the function, outermost first.
type NoRowOnConflict struct {
	Query  string
	Sqlc   bool
	Chain  []string
	NoRows string // the driver's error: "pgx.ErrNoRows", "sql.ErrNoRows" or "ErrNoRows"
}

// AFact implements analysis.Fact.
func (*NoRowOnConflict) AFact() {}

// String returns "noRowOnConflict(Query)" or "noRowOnConflict(Query via a → b)".
func (f *NoRowOnConflict) String() string {
	s := "noRowOnConflict(" + f.Query
	if len(f.Chain) > 0 {
		s += " via " + strings.Join(f.Chain, " → ")
	}
	return s + ")"
}

// ChecksNoRows marks a helper that compares its error parameter Param with
// ErrNoRows (IsNoRows(err)).
type ChecksNoRows struct {
	Param int
}

// AFact implements analysis.Fact.
func (*ChecksNoRows) AFact() {}

// String returns "checksNoRows(i)".
func (f *ChecksNoRows) String() string { return "checksNoRows(" + strconv.Itoa(f.Param) + ")" }

// Writes marks a function that writes: runs a non-SELECT statement,
// commits, calls the network or produces to Kafka. Via names the first
// such call.
type Writes struct {
	Via string
}

// AFact implements analysis.Fact.
func (*Writes) AFact() {}

// String returns "writes(via)".
func (f *Writes) String() string { return "writes(" + f.Via + ")" }

// maxChain bounds the chain a fact carries.
const maxChain = 5

// IsNoRows marks a package variable that holds pgx.ErrNoRows or
// sql.ErrNoRows (var ErrNotFound = pgx.ErrNoRows): comparing an error with
// it handles "no row" as well.
type IsNoRows struct{}

// AFact implements analysis.Fact.
func (*IsNoRows) AFact() {}

// String returns "isNoRows".
func (*IsNoRows) String() string { return "isNoRows" }
