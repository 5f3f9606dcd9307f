package uuidinretry

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"regexp"
	"strings"

	"golang.org/x/tools/go/ast/inspector"

	"github.com/idemlint/idemlint/internal/apis"
	"github.com/idemlint/idemlint/internal/funcname"
)

// flowResult says where an identifier goes.
type flowResult struct {
	nonLog bool   // it reaches something other than logging or tracing
	strong string // it reaches an idempotency sink: "the Idempotency-Key header", "field IdempotencyKey"
	dedup  string // it reaches a dedup sink (idempotency sinks included)
	uses   int    // the non-logging uses counted (stablekey.go)
	rows   []rowField
}

// use records a use of the identifier other than logging or tracing.
func (r *flowResult) use() {
	r.nonLog = true
	r.uses++
}

// flow follows the identifier held by expression cur through derivations
// (concatenation, formatting, conversion, local variables) to its uses.
func (c *checker) flow(cur inspector.Cursor) flowResult {
	var res flowResult
	c.follow(cur, &res, make(map[types.Object]bool), 0)
	return res
}

const maxFlowDepth = 8

func (c *checker) follow(cur inspector.Cursor, res *flowResult, seen map[types.Object]bool, depth int) {
	if depth > maxFlowDepth {
		res.use()
		return
	}
	for {
		node := cur.Node()
		parent := cur.Parent()
		switch p := parent.Node().(type) {
		case *ast.ParenExpr, *ast.StarExpr, *ast.SliceExpr, *ast.IndexExpr:
			cur = parent
			continue
		case *ast.UnaryExpr:
			cur = parent
			continue
		case *ast.BinaryExpr:
			if p.Op == token.ADD {
				cur = parent
				continue
			}
			res.use() // compared: a use
			return
		case *ast.SelectorExpr:
			if call, ok := parent.Parent().Node().(*ast.CallExpr); ok && call.Fun == p {
				cur = parent.Parent() // id.String()
				continue
			}
			cur = parent
			continue
		case *ast.CallExpr:
			if p.Fun == node {
				res.use()
				return
			}
			if c.followCallArg(parent, p, node, res) {
				cur = parent
				continue
			}
			return
		case *ast.KeyValueExpr:
			if p.Value != node {
				res.use()
				return
			}
			if key, ok := p.Key.(*ast.Ident); ok {
				c.fieldSink(key.Name, res)
				if lit, ok := parent.Parent().Node().(*ast.CompositeLit); ok && !apis.IsDedupName(key.Name) && !isTracingName(key.Name) {
					res.rows = append(res.rows, rowField{lit: lit, field: key.Name}) // a record's own field (stablekey.go)
				}
				if c.inDedupCall(parent.Parent()) && res.dedup == "" {
					res.dedup = "field " + key.Name + " of a processed-event insert"
				}
				return
			}
			res.use()
			return
		case *ast.AssignStmt:
			c.followAssign(parent, p.Lhs, p.Rhs, node, res, seen, depth)
			return
		case *ast.ValueSpec:
			lhs := make([]ast.Expr, len(p.Names))
			for i, n := range p.Names {
				lhs[i] = n
			}
			c.followAssign(parent, lhs, p.Values, node, res, seen, depth)
			return
		default:
			res.use()
			return
		}
	}
}

// followAssign follows an identifier assigned to variables or fields.
func (c *checker) followAssign(stmt inspector.Cursor, lhs, rhs []ast.Expr, node ast.Node, res *flowResult, seen map[types.Object]bool, depth int) {
	idx := -1
	for i, r := range rhs {
		if r == node {
			idx = i
		}
	}
	if idx < 0 {
		res.use() // on the left: not our value
		return
	}
	if len(lhs) != len(rhs) {
		idx = 0 // id, err := uuid.NewRandom()
	}
	if idx >= len(lhs) {
		res.use()
		return
	}
	switch l := lhs[idx].(type) {
	case *ast.Ident:
		if l.Name == "_" {
			return
		}
		obj := c.pass.TypesInfo.ObjectOf(l)
		v, ok := obj.(*types.Var)
		if !ok || v.Pkg() != c.pass.Pkg || v.Parent() == v.Pkg().Scope() {
			res.use() // a package variable: anything may read it
			return
		}
		if seen[v] {
			return
		}
		seen[v] = true
		c.followVar(stmt, v, res, seen, depth)
	case *ast.SelectorExpr:
		c.fieldSink(l.Sel.Name, res)
	default:
		res.use()
	}
}

// followVar follows every use of the local variable v in the function
// that declares it.
func (c *checker) followVar(from inspector.Cursor, v *types.Var, res *flowResult, seen map[types.Object]bool, depth int) {
	var scope inspector.Cursor
	for fn := range from.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		scope = fn
		if _, ok := fn.Node().(*ast.FuncDecl); ok {
			break
		}
		// a closure's variable may be used by the enclosing function
		// only if declared there; v's scope decides.
		if lit := fn.Node().(*ast.FuncLit); v.Pos() >= lit.Pos() && v.Pos() < lit.End() {
			break
		}
	}
	if !scope.Valid() {
		res.use()
		return
	}
	for id := range scope.Preorder((*ast.Ident)(nil)) {
		if c.pass.TypesInfo.Uses[id.Node().(*ast.Ident)] != v {
			continue
		}
		c.follow(id, res, seen, depth+1)
		if res.nonLog && res.strong != "" {
			return
		}
	}
}

// followCallArg classifies an identifier passed as an argument of call. It
// returns true when the call only derives a new identifier from it
// (conversion, formatting), whose flow must then be followed.
func (c *checker) followCallArg(cur inspector.Cursor, call *ast.CallExpr, arg ast.Node, res *flowResult) bool {
	info := c.pass.TypesInfo
	if tv, ok := info.Types[call.Fun]; ok && tv.IsType() {
		return true // conversion
	}
	fn := apis.Callee(info, call)
	if fn == nil {
		res.use()
		return false
	}
	d := apis.Describe(fn)
	switch {
	case apis.IsIDMustWrapper(d):
		return true
	case d.Path == "fmt" && strings.HasPrefix(d.Name, "Sprint"),
		d.Path == "strings" && d.Recv == "" && (d.Name == "Join" || d.Name == "ToUpper" || d.Name == "ToLower" || d.Name == "ReplaceAll"):
		return true
	case apis.IsLogging(fn):
		return false // logging or tracing only
	case d.Path == "context" && d.Name == "WithValue":
		return false // request-scoped value for logs and traces
	}
	if name, ok := apis.IsHeaderSet(info, call); ok {
		if len(call.Args) > 1 && call.Args[1] == arg {
			if apis.IsIdempotencyHeaderName(info, name) {
				res.use()
				res.strong = "the Idempotency-Key header"
				res.dedup = res.strong
				return false
			}
			if tv, ok := info.Types[name]; ok && tv.Value != nil {
				return false // X-Request-ID and other tracing headers
			}
		}
		res.use()
		return false
	}
	if isTracingName(fn.Name()) || isTracingName(paramName(fn, call, arg)) {
		return false // ctxutil.WithRequestID(ctx, id), log.WithTraceID(id): tracing
	}
	res.use()
	if isDedupInsert(info, call) || isDedupFunc(fn) {
		if res.dedup == "" {
			res.dedup = "the key of a processed-event insert"
		}
		return false
	}
	// The parameter the identifier binds to.
	sig := fn.Signature()
	for i, a := range call.Args {
		if a != arg {
			continue
		}
		pi := i
		if sig.Variadic() && pi >= sig.Params().Len()-1 {
			pi = sig.Params().Len() - 1
		}
		if pi < sig.Params().Len() {
			name := sig.Params().At(pi).Name()
			if apis.IsIdempotencyName(name) {
				res.strong = "parameter " + name + " of " + funcname.Code(fn, c.pass.Pkg)
				res.dedup = res.strong
			} else if apis.IsDedupName(name) && res.dedup == "" {
				res.dedup = "parameter " + name + " of " + funcname.Code(fn, c.pass.Pkg)
			}
		}
	}
	return false
}

// paramName returns the name of the parameter of fn that arg binds to in call.
func paramName(fn *types.Func, call *ast.CallExpr, arg ast.Node) string {
	sig := fn.Signature()
	for i, a := range call.Args {
		if a != arg {
			continue
		}
		if sig.Variadic() && i >= sig.Params().Len()-1 {
			i = sig.Params().Len() - 1
		}
		if i < sig.Params().Len() {
			return sig.Params().At(i).Name()
		}
	}
	return ""
}

// fieldSink classifies an identifier stored in a field.
func (c *checker) fieldSink(name string, res *flowResult) {
	switch {
	case apis.IsIdempotencyName(name):
		res.use()
		res.strong = "field " + name
		res.dedup = res.strong
	case apis.IsDedupName(name):
		res.use()
		if res.dedup == "" {
			res.dedup = "field " + name
		}
	case isTracingName(name):
		// request, trace and correlation IDs identify an attempt, by design
	default:
		res.use()
	}
}

func isTracingName(name string) bool {
	n := strings.ToLower(name)
	for _, s := range []string{"requestid", "request_id", "traceid", "trace_id", "spanid", "span_id", "correlationid", "correlation_id"} {
		if n == s || strings.HasSuffix(n, s) {
			return true
		}
	}
	return false
}

// inDedupCall reports whether the composite literal at lit is an argument of
// a call to a dedup function (InsertProcessedEvent, MarkHandled, ...).
func (c *checker) inDedupCall(lit inspector.Cursor) bool {
	call, ok := lit.Parent().Node().(*ast.CallExpr)
	if !ok || call.Fun == lit.Node() {
		return false
	}
	return isDedupFunc(apis.Callee(c.pass.TypesInfo, call))
}

// isDedupFunc reports whether fn's name says it records processed events.
func isDedupFunc(fn *types.Func) bool {
	if fn == nil {
		return false
	}
	n := strings.ToLower(fn.Name())
	return strings.Contains(n, "processed") || strings.Contains(n, "dedup") || strings.Contains(n, "idempot") || strings.Contains(n, "inbox")
}

var dedupInsertRE = regexp.MustCompile(`(?is)\binsert\s+into\s+["\w.]*(processed|dedup|idempot|inbox|handled)`)

// isDedupInsert reports whether call passes a constant SQL insert into a
// processed-event or dedup table.
func isDedupInsert(info *types.Info, call *ast.CallExpr) bool {
	for _, a := range call.Args {
		if tv, ok := info.Types[a]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
			if dedupInsertRE.MatchString(constant.StringVal(tv.Value)) {
				return true
			}
		}
	}
	return false
}
