// Package inbox recognises inbox-gated units of work: a function that, in
// one database transaction, claims a stable ID (an event ID, an
// idempotency key, a message key) in a dedup table and skips the work when
// the claim already exists. Inside such a unit a cut is harmless: the
// transaction rolls back the claim with the effects, and the redelivery or
// retry replays the whole unit. So a fresh record ID made per attempt
// inside it and a cancelable context at its Commit are not findings
// (uuidinretry, ctxcancel); whether the offset or ack follows the commit
// is offsetorder's question.
//
// A claim is, inside the transaction (a call that receives the transaction
// or a value made from it: sqlc's Queries from WithTx, a repository):
//   - constant SQL with INSERT ... ON CONFLICT DO NOTHING, or ON CONFLICT
//     DO UPDATE ... RETURNING (xmax = 0), run through pgx, database/sql,
//     sqlx or a sqlc DBTX;
//   - GORM's tx.Clauses(clause.OnConflict{DoNothing: true}).Create(&row)
//     (the transaction is the callback parameter of db.Transaction or a
//     db.Begin() result), whose outcome counts as tested only through
//     RowsAffected (gormclaim.go);
//   - a SELECT of a table (SELECT EXISTS, SELECT 1, count) followed in the
//     same function by an INSERT into that table;
//   - idemlint's idem/dedup Claim or ClaimReturning;
//   - a function of the analysed code that makes one of these claims and
//     returns its outcome (the ClaimsKey fact: sqlc's generated query
//     method, a project's MarkProcessed helper).
//
// and the unit skips on an existing claim: the claim's outcome (the bool,
// the row count, the command tag, the scanned EXISTS value, or its error
// compared with something other than nil, such as ErrNoRows) is tested by
// an if or switch of the same function.
package inbox

import (
	"go/ast"
	"reflect"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/internal/apis"
	"github.com/idemlint/idemlint/internal/gate"
	"github.com/idemlint/idemlint/internal/safe"
)

// Analyzer exports ClaimsKey facts and returns which function bodies of
// the package are inbox-gated units. It reports nothing.
var Analyzer = &analysis.Analyzer{
	Name:       "inbox",
	Doc:        "find inbox-gated units of work: a transaction that claims a stable ID in a dedup table and skips on an existing claim",
	URL:        "https://github.com/idemlint/idemlint/tree/main/internal/inbox",
	Run:        safe.Run(run),
	FactTypes:  []analysis.Fact{new(ClaimsKey)},
	ResultType: reflect.TypeFor[*Result](),
}

// ClaimsKey marks a function that claims a stable ID in a dedup table and
// returns the outcome (whether the claim is new) to its caller.
type ClaimsKey struct{}

// AFact implements analysis.Fact.
func (*ClaimsKey) AFact() {}

func (*ClaimsKey) String() string { return "claimsKey" }

// Result tells which function bodies of the package are inbox-gated units.
type Result struct {
	gated map[*ast.BlockStmt]bool
	u     *units // for the questions of standalone.go
}

// Gated reports whether body (of a function declaration or literal) is an
// inbox-gated unit.
func (r *Result) Gated(body *ast.BlockStmt) bool {
	return r != nil && body != nil && r.gated[body]
}

// GatedAt reports whether the innermost function (declaration or literal)
// of file around n, or any function around it, is an inbox-gated unit.
func (r *Result) GatedAt(file *ast.File, n ast.Node) bool {
	if r == nil || file == nil || n == nil {
		return false
	}
	found := false
	ast.Inspect(file, func(x ast.Node) bool {
		if found || x == nil || x.Pos() > n.Pos() || x.End() < n.End() {
			return false
		}
		switch x := x.(type) {
		case *ast.FuncDecl:
			found = r.gated[x.Body]
		case *ast.FuncLit:
			found = r.gated[x.Body]
		}
		return !found
	})
	return found
}

// relevance is the gate: a claim runs in a database transaction (a
// library of apis.DBPaths within reach), through idem/dedup, or through a
// function of another package that carries ClaimsKey. Elsewhere there is
// no unit and no fact, and the Result is empty.
var relevance = gate.Gate{
	Libraries: func() []string { return append(append([]string{}, apis.DBPaths...), apis.DedupPaths()...) },
	Facts:     []analysis.Fact{new(ClaimsKey)},
}

func run(pass *analysis.Pass) (any, error) {
	if !relevance.Open(pass) {
		return &Result{}, nil
	}
	u := newUnits(pass)
	u.exportFacts()
	res := &Result{gated: map[*ast.BlockStmt]bool{}, u: u}
	for _, f := range pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncDecl:
				if n.Body != nil && u.gatedBody(n.Recv, n.Type, n.Body) {
					res.gated[n.Body] = true
				}
			case *ast.FuncLit:
				if u.gatedBody(nil, n.Type, n.Body) {
					res.gated[n.Body] = true
				}
			}
			return true
		})
	}
	return res, nil
}
