package onconflict

import (
	"go/ast"
	"go/types"
	"strings"

	"github.com/idemlint/idemlint/internal/apis"
)

// noRowsName names the ErrNoRows a query call returns, for a message:
// "pgx.ErrNoRows" for pgx, "sql.ErrNoRows" for database/sql and sqlx
// (also behind sqlc's DBTX interface, told by the row type it returns),
// "ErrNoRows" when the call says neither.
func (c *checker) noRowsName(call *ast.CallExpr) string {
	if call == nil {
		return "ErrNoRows"
	}
	if name := driverOf(c.info.TypeOf(call)); name != "" {
		return name
	}
	if fn := apis.Callee(c.info, call); fn != nil && fn.Pkg() != nil {
		if name := driverOfPath(fn.Pkg().Path()); name != "" {
			return name
		}
	}
	return "ErrNoRows"
}

// driverOf names the ErrNoRows of the driver whose row type t is (or
// whose row type leads t's results).
func driverOf(t types.Type) string {
	if tup, ok := t.(*types.Tuple); ok {
		if tup.Len() == 0 {
			return ""
		}
		t = tup.At(0).Type()
	}
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return ""
	}
	return driverOfPath(n.Obj().Pkg().Path())
}

func driverOfPath(path string) string {
	p := apis.NormPath(path)
	switch {
	case strings.HasPrefix(p, "github.com/jackc/pgx"):
		return "pgx.ErrNoRows"
	case p == "database/sql", strings.HasPrefix(p, "github.com/jmoiron/sqlx"):
		return "sql.ErrNoRows"
	}
	return ""
}

// fixesFor is the fix list of a rule-1 message, naming the driver's ErrNoRows.
func fixesFor(noRows string) string {
	return "treat errors.Is(err, " + noRows + ") as already done, make the query :execrows without RETURNING and check the count, or use ON CONFLICT ... DO UPDATE SET ... RETURNING (xmax = 0) AS inserted"
}
