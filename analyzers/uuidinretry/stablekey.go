package uuidinretry

import (
	"go/ast"
	"go/types"
	"slices"
	"strings"

	"github.com/idemlint/idemlint/internal/apis"
	"github.com/idemlint/idemlint/internal/schemakeys"
)

// A stable key beside a fresh ID. A record built in the attempt with a
// fresh row ID (ID: uuid.NewString()) that also carries, in another field
// of the same literal, a key-like value that is the same in every attempt
// (IdempotencyKey: payoutID + ":refund") under a unique index cannot be
// inserted twice: a repeated attempt fails on the key instead of making a
// second row. Then the fresh ID is not a finding.
//
// All of it must be in sight: every non-logging use of the fresh value is
// a field of such a literal (the value goes nowhere else); the other
// field's name says it is a key (an idempotency or dedup key, a ...Key, an
// event ID); its value is built only from constants, variables declared
// outside the attempt (the operation's inputs, captured by the closure)
// and pure string functions (fmt.Sprint*, strconv, strings, conversions),
// no generator, clock or other call; and a unique key of the record's
// table made only of such stable fields, one of them key-like, is declared
// by the model's GORM tags (primaryKey, unique, uniqueIndex) or by the
// module's schema (internal/schemakeys: migrations, sqlc schemas, atlas)
// for the table GORM maps the type to. A key that is not unique, or one
// made inside the attempt, leaves the finding.

// rowField is a field of a composite literal the fresh value is stored in.
type rowField struct {
	lit   *ast.CompositeLit
	field string
}

// stableKeyBeside reports whether every use of the fresh value fl
// describes is a field of a record that a stable unique key guards
// (above); attempt is the node of the attempt's body.
func (c *checker) stableKeyBeside(fl flowResult, attempt ast.Node) bool {
	if fl.strong != "" || fl.dedup != "" || len(fl.rows) == 0 || len(fl.rows) != fl.uses || attempt == nil {
		return false
	}
	for _, r := range fl.rows {
		if !c.guardedRecord(r, attempt) {
			return false
		}
	}
	return true
}

// guardedRecord reports whether r's literal holds a stable, key-like,
// unique key in fields other than r.field.
func (c *checker) guardedRecord(r rowField, attempt ast.Node) bool {
	info := c.pass.TypesInfo
	st, named := apis.GORMModel(info.TypeOf(r.lit))
	if st == nil || named == nil {
		return false
	}
	stable := map[string]bool{} // columns with an attempt-stable value
	keyLike := map[string]bool{}
	for _, elt := range r.lit.Elts {
		kv, ok := elt.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		id, ok := kv.Key.(*ast.Ident)
		if !ok || id.Name == r.field {
			continue
		}
		f, ok := info.Uses[id].(*types.Var)
		if !ok || !f.IsField() || !c.attemptStable(kv.Value, attempt) {
			continue
		}
		col := apis.GORMColumn(f, st)
		stable[col] = true
		keyLike[col] = isKeyName(id.Name)
	}
	guards := func(cols []string) bool {
		return len(cols) > 0 && !slices.ContainsFunc(cols, func(c string) bool { return !stable[c] }) &&
			slices.ContainsFunc(cols, func(c string) bool { return keyLike[c] })
	}
	if slices.ContainsFunc(apis.GORMUniques(st), guards) {
		return true
	}
	for _, k := range c.moduleSchema().Keys[apis.GORMDefaultTable(named)] {
		if guards(k.Columns) {
			return true
		}
	}
	return false
}

// isKeyName reports whether a field's name says it holds a key.
func isKeyName(name string) bool {
	n := strings.ToLower(name)
	return apis.IsDedupName(name) || strings.HasSuffix(n, "key") || strings.HasSuffix(n, "eventid")
}

// attemptStable reports whether e has the same value in every attempt:
// constants, variables declared outside the attempt, their fields, and
// pure string functions of them.
func (c *checker) attemptStable(e ast.Expr, attempt ast.Node) bool {
	info := c.pass.TypesInfo
	stable := true
	ast.Inspect(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			stable = false
		case *ast.CallExpr:
			if tv, ok := info.Types[n.Fun]; ok && tv.IsType() {
				return true // a conversion
			}
			if _, gen := c.generator(n); gen {
				stable = false
				break
			}
			fn := apis.Callee(info, n)
			if fn == nil || fn.Pkg() == nil || fn.Signature().Recv() != nil || !pureStringPkg[fn.Pkg().Path()] {
				stable = false
			}
		case *ast.Ident:
			v, ok := info.Uses[n].(*types.Var)
			if !ok || v.IsField() {
				return true
			}
			if v.Pkg() != nil && v.Parent() == v.Pkg().Scope() || attempt.Pos() <= v.Pos() && v.Pos() < attempt.End() {
				stable = false // a package variable, or one the attempt sets
			}
		}
		return stable
	})
	return stable
}

// pureStringPkg are the packages whose functions build a string from
// their arguments alone.
var pureStringPkg = map[string]bool{"fmt": true, "strconv": true, "strings": true}

// moduleSchema returns the unique keys the module's SQL files declare.
func (c *checker) moduleSchema() *schemakeys.Schema {
	if c.schema == nil {
		c.schema = schemakeys.ForPass(c.pass)
	}
	return c.schema
}
