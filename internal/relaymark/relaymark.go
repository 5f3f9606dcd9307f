// Package relaymark recognizes where an outbox relay records that a row was
// published: an SQL UPDATE (or a GORM Update/Updates/Delete, a SQLBoiler
// model's Update/Upsert/Delete) that sets a
// published/sent/processed column or status, a DELETE of the outbox row,
// or a call of a repository or sqlc method named for it (MarkPublished,
// MarkEventAsSent, DeleteOutboxEvent) that receives the row; and where a
// consumer records its input handled in an inbox or idempotency store
// (InputMark). Analyzers that need to know that a publish is followed by
// "this row is done" (lossypublish; a relay is also what dualwrite leaves
// alone) ask Mark.
package relaymark

import (
	"go/ast"
	"go/constant"
	"go/types"
	"regexp"
	"strings"

	"github.com/idemlint/idemlint/internal/apis"
	"github.com/idemlint/idemlint/internal/sqlscan"
)

// doneWords name the state of a row that has been handed to the broker.
const doneWords = `publish|sent|send|process|deliver|dispatch|relay|emit`

// outboxWords name the tables and types of relayed rows.
const outboxWords = `outbox|event|message|job|task|queue|notification`

// markedColumn matches a SET list that records publication; statusColumn
// one that records a state, which counts on an outbox table only.
var (
	markedColumn = regexp.MustCompile(`(?i)` + doneWords)
	statusColumn = regexp.MustCompile(`(?i)status|state|done|complete`)
	outboxTable  = regexp.MustCompile(`(?i)` + outboxWords)
	setClause    = regexp.MustCompile(`(?is)^\s*update\s+(.*?)\bset\b(.*?)(\bwhere\b|\breturning\b|$)`)
)

// markName matches the name of a function that marks a row done;
// doneVerb a name that does on a type or package named for outbox rows
// (outbox.Store.Mark, eventRepo.Delete); failName one that records a
// failure or a retry instead.
var (
	markName = regexp.MustCompile(`^(?i:mark|set|update|flag)\w*(?i:` + doneWords + `|done|complete)|^(?i:mark)\w*(?i:` + outboxWords + `)|^(?i:delete|remove)\w*(?i:` + outboxWords + `|record|entry|entries)|^(?i:update|set)\w*(?i:` + outboxWords + `)\w*(?i:status|state)`)
	doneVerb = regexp.MustCompile(`^(?i:mark|delete|remove|complete|done|finish|ack)`)
	failName = regexp.MustCompile(`(?i)fail|error|retr|attempt|pending|unpublish|unsent|processing`)
)

// A Finder recognizes the marks of one package.
type Finder struct {
	info  *types.Info
	root  string                // the analysed module's root path, by its shape
	texts map[*types.Var]string // locals assigned once, from a constant string
}

// New returns a Finder for pkg, whose syntax is files.
func New(pkg *types.Package, info *types.Info, files []*ast.File) *Finder {
	f := &Finder{info: info, root: moduleRoot(pkg.Path()), texts: make(map[*types.Var]string)}
	count := make(map[*types.Var]int)
	for _, file := range files {
		ast.Inspect(file, func(n ast.Node) bool {
			as, ok := n.(*ast.AssignStmt)
			if !ok {
				return true
			}
			for i, l := range as.Lhs {
				id, ok := l.(*ast.Ident)
				if !ok {
					continue
				}
				v, ok := info.ObjectOf(id).(*types.Var)
				if !ok {
					continue
				}
				count[v]++
				if len(as.Lhs) == len(as.Rhs) {
					if s, ok := f.constString(as.Rhs[i]); ok {
						f.texts[v] = s
					}
				}
			}
			return true
		})
	}
	for v := range f.texts {
		if count[v] != 1 {
			delete(f.texts, v)
		}
	}
	return f
}

func (f *Finder) constString(e ast.Expr) (string, bool) {
	tv, ok := f.info.Types[e]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
		return "", false
	}
	return constant.StringVal(tv.Value), true
}

// text returns the SQL text of e: a constant, or a local assigned once
// from one (query := "DELETE FROM outbox WHERE id = $1").
func (f *Finder) text(e ast.Expr) (string, bool) {
	if s, ok := f.constString(e); ok {
		return s, true
	}
	if id, ok := ast.Unparen(e).(*ast.Ident); ok {
		if v, ok := f.info.Uses[id].(*types.Var); ok {
			s, ok := f.texts[v]
			return s, ok
		}
	}
	return "", false
}

// Mark reports whether call records a relayed row as published, and
// returns a short description for messages ("UPDATE", "DELETE",
// "MarkEventAsSent").
func (f *Finder) Mark(call *ast.CallExpr) (string, bool) {
	info := f.info
	if qc, ok := apis.SQLQueryCall(info, call); ok {
		text, ok := f.text(call.Args[qc.Arg])
		if !ok {
			return "", false
		}
		return markSQL(text)
	}
	if what, ok := f.gormMark(call); ok {
		return what, true
	}
	if what, ok := f.sqlboilerMark(call); ok {
		return what, true
	}
	fn := apis.Callee(info, call)
	if fn == nil || fn.Pkg() == nil || isBrokerLibrary(fn) || moduleRoot(fn.Pkg().Path()) != f.root {
		return "", false // a library's SetStatus (a tracing span) marks no row
	}
	if NamedMark(fn) && receivesRow(info, call, fn) {
		return fn.Name(), true
	}
	return "", false
}

// receivesRow reports whether a call named for a mark is given a row to
// mark: an argument other than a context, or a receiver that is the row
// or its table (event.MarkSent(), outboxRepo.MarkAllPublished()). A
// Prometheus counter's metrics.MarkPublished() records nothing about a row.
func receivesRow(info *types.Info, call *ast.CallExpr, fn *types.Func) bool {
	for _, a := range call.Args {
		if t := info.TypeOf(a); t != nil && !apis.IsContext(t) {
			return true
		}
	}
	return fn.Signature().Recv() != nil && outboxTable.MatchString(owner(fn))
}

// NamedMark reports whether fn's name (and its receiver's or package's)
// says it marks a relayed row done (MarkPublished, outboxRepo.Delete),
// whoever declares it: Mark also requires it to be the analysed code's.
func NamedMark(fn *types.Func) bool {
	if fn.Pkg() == nil || apis.IsStdlib(fn.Pkg().Path()) || !markVerb(fn.Name()) || failName.MatchString(fn.Name()) {
		return false
	}
	return markName.MatchString(fn.Name()) || doneVerb.MatchString(fn.Name()) && outboxTable.MatchString(owner(fn))
}

// markSQL reports whether sql records a row as published.
func markSQL(sql string) (string, bool) {
	for _, st := range sqlscan.Scan(sql) {
		text := sql[st.Start:st.End]
		switch st.Kind {
		case sqlscan.Update:
			m := setClause.FindStringSubmatch(text)
			if m == nil {
				continue
			}
			if markedSet(m[1], m[2]) {
				return "UPDATE", true
			}
		case sqlscan.Delete:
			if outboxTable.MatchString(text) {
				return "DELETE", true
			}
		}
	}
	return "", false
}

// markedSet reports whether an update of table that sets set (its SET
// list, values included) records the row as published: a column named for
// it, or a status on an outbox table, and not a failure or a retry.
func markedSet(table, set string) bool {
	if failName.MatchString(set) && !markedColumn.MatchString(set) {
		return false
	}
	return markedColumn.MatchString(set) || statusColumn.MatchString(set) && outboxTable.MatchString(table)
}

// owner returns the receiver type's name of a method, or the package's
// name of a function.
func owner(fn *types.Func) string {
	if recv := fn.Signature().Recv(); recv != nil {
		return apis.TypeName(recv.Type())
	}
	return fn.Pkg().Name()
}

// moduleRoot returns the likely module root of an import path: its first
// three elements under a hosting domain (github.com/owner/repo), its first
// element otherwise. Names are trusted only on the analysed code's own
// functions (its repositories and sqlc queries).
func moduleRoot(path string) string {
	elems := strings.Split(path, "/")
	n := 1
	if strings.Contains(elems[0], ".") {
		n = 3
	}
	if len(elems) < n {
		n = len(elems)
	}
	return strings.Join(elems[:n], "/")
}

// markVerb is a fast test that name starts with a verb of markName or
// doneVerb (gates ask it of every function a package uses).
func markVerb(name string) bool {
	if name == "" {
		return false
	}
	switch name[0] | 0x20 { // ASCII lower case
	case 'm', 's', 'u', 'f', 'd', 'r', 'c', 'a':
		return true
	}
	return false
}

// SameRoot reports whether two packages likely belong to one project:
// their import paths share a module root (see moduleRoot).
func SameRoot(a, b *types.Package) bool {
	return a != nil && b != nil && moduleRoot(a.Path()) == moduleRoot(b.Path())
}

// isBrokerLibrary reports whether fn belongs to a broker client (sarama's
// MarkMessage marks a consumed offset, not a row).
func isBrokerLibrary(fn *types.Func) bool {
	p := apis.NormPath(fn.Pkg().Path())
	for _, lib := range append(append([]string{}, apis.KafkaPaths...), apis.BrokerPaths...) {
		if p == lib || strings.HasPrefix(p, lib+"/") {
			return true
		}
	}
	return false
}
