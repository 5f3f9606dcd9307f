package calls

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/cfg"

	"github.com/idemlint/idemlint/internal/apis"
	"github.com/idemlint/idemlint/internal/funcname"
)

// A Tx is one open transaction: where it began and the variables through
// which the function can end it.
type Tx struct {
	Vars  []*types.Var // Commit or Rollback on these ends the region
	Desc  string       // "begun at consumer.go:40", "passed in as tx"
	Where string       // "consumer.go:40"; "" when the caller began it
	Pos   token.Pos    // the begin call in this package, or NoPos
	// Runner is the function that begins the transaction and runs the
	// callback in it (a unit of work's Do or ReadOnly), RunnerArg the
	// callback's parameter index; nil for a library's BeginFunc and for a
	// transaction begun or received here.
	Runner    *types.Func
	RunnerArg int
}

// An InTx is a call evaluated while a transaction is open.
type InTx struct {
	Call *ast.CallExpr
	Tx   *Tx
}

// A visitor is told of every call evaluated while tx is open.
type visitor func(call *ast.CallExpr, tx *Tx)

// Regions returns the calls that the function declaration or literal n
// evaluates while a transaction is open: from its entry if it runs inside
// its caller's transaction (it receives one, or it is passed where a
// transaction runs it), and from every begin in its body to the Commit or
// Rollback that ends it on each path. Literals in n have regions of their own.
func (r *Result) Regions(n ast.Node) []InTx {
	if r == nil {
		return nil
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	f, ok := r.function(n)
	if !ok {
		return nil
	}
	var out []InTx
	r.regions(f, func(call *ast.CallExpr, tx *Tx) { out = append(out, InTx{call, tx}) })
	return out
}

// A function is a function declaration or literal with a body.
type function struct {
	typ  *ast.FuncType
	recv *ast.FieldList
	body *ast.BlockStmt
	g    *cfg.CFG
	lit  *ast.FuncLit // nil for a declaration
	fn   *types.Func  // nil for a literal
}

// function returns the function n declares, if it has a body and a CFG.
func (r *Result) function(n ast.Node) (function, bool) {
	switch n := n.(type) {
	case *ast.FuncDecl:
		if n.Body == nil {
			return function{}, false
		}
		fn, _ := r.pass.TypesInfo.Defs[n.Name].(*types.Func)
		if fn == nil {
			return function{}, false
		}
		g := r.cfg(n)
		return function{typ: n.Type, recv: n.Recv, body: n.Body, g: g, fn: fn}, g != nil
	case *ast.FuncLit:
		g := r.cfg(n)
		return function{typ: n.Type, body: n.Body, g: g, lit: n}, g != nil
	}
	return function{}, false
}

// cfg returns the CFG of a function declaration or literal, building it on
// first use (see internal/noreturn).
func (r *Result) cfg(n ast.Node) *cfg.CFG {
	if g, ok := r.cfgs[n]; ok {
		return g
	}
	var g *cfg.CFG
	if r.nr != nil {
		switch n := n.(type) {
		case *ast.FuncDecl:
			g = r.nr.FuncDecl(n)
		case *ast.FuncLit:
			g = r.nr.FuncLit(n)
		}
	}
	r.cfgs[n] = g
	return g
}

// params returns the variables of f's receiver and parameters.
func (r *Result) params(f function) []*types.Var {
	var out []*types.Var
	for _, fl := range []*ast.FieldList{f.recv, f.typ.Params} {
		if fl == nil {
			continue
		}
		for _, field := range fl.List {
			for _, name := range field.Names {
				if v, ok := r.pass.TypesInfo.Defs[name].(*types.Var); ok {
					out = append(out, v)
				}
			}
		}
	}
	return out
}

// regions calls visit for every call f evaluates while a transaction is open.
func (r *Result) regions(f function, visit visitor) {
	// Begins first: a call inside a nested transaction is named with the innermost.
	for _, b := range f.g.Blocks {
		for i, n := range b.Nodes {
			if tx, errVar := r.beginAt(n); tx != nil {
				r.walk(b, i+1, tx, errVar, visit)
			}
		}
	}
	if tx := r.entryTx(f); tx != nil && len(f.g.Blocks) > 0 {
		r.walk(f.g.Blocks[0], 0, tx, nil, visit)
	}
}

// beginAt reports whether node n begins a transaction and assigns it to a
// variable (tx, err := pool.Begin(ctx)), and returns the variable holding
// the begin's error, if any. Any call whose first result is a transaction
// counts, so that a store's own BeginTx wrapper is a begin too, and so does
// a call that returns a transaction it began held in a struct.
func (r *Result) beginAt(n ast.Node) (*Tx, *types.Var) {
	if tx, errVar := r.storedBeginAt(n); tx != nil {
		return tx, errVar // uow.Begin(ctx): fieldtx.go
	}
	var lhs, rhs []ast.Expr
	switch n := n.(type) {
	case *ast.AssignStmt:
		lhs, rhs = n.Lhs, n.Rhs
	case *ast.ValueSpec:
		for _, name := range n.Names {
			lhs = append(lhs, name)
		}
		rhs = n.Values
	default:
		return nil, nil
	}
	if len(rhs) != 1 || len(lhs) == 0 {
		return nil, nil
	}
	call, ok := ast.Unparen(rhs[0]).(*ast.CallExpr)
	if !ok {
		return nil, nil
	}
	if !r.returnsTx(call) && !r.isLibraryBegin(call) {
		fn := apis.Callee(r.pass.TypesInfo, call)
		if fn == nil || !r.beginsHeld(fn) {
			return nil, nil
		}
	}
	txVar := r.varOf(lhs[0])
	if txVar == nil {
		return nil, nil
	}
	var errVar *types.Var
	if len(lhs) > 1 {
		errVar = r.varOf(lhs[len(lhs)-1])
	}
	where := r.where(call.Pos())
	return &Tx{Vars: []*types.Var{txVar}, Desc: "begun at " + where, Where: where, Pos: call.Pos()}, errVar
}

// walk visits the calls on every path from node i of block b until the
// transaction ends. When errVar is the begin's error, the branch of the
// begin's own error check that holds no transaction is not followed.
func (r *Result) walk(b *cfg.Block, i int, tx *Tx, errVar *types.Var, visit visitor) {
	type point struct {
		b *cfg.Block
		i int
	}
	seen := make(map[*cfg.Block]bool)
	stack := []point{{b, i}}
	first := true
	for len(stack) > 0 {
		p := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		ended := false
		for _, n := range p.b.Nodes[p.i:] {
			end := r.endAt(n, tx)
			r.scanNode(n, end, tx, visit)
			if end.IsValid() {
				ended = true
				break
			}
		}
		succs := p.b.Succs
		if first && errVar != nil {
			succs = r.okBranch(p.b, errVar)
		}
		first = false
		if ended {
			continue
		}
		for _, s := range succs {
			if !seen[s] {
				seen[s] = true
				stack = append(stack, point{s, 0})
			}
		}
	}
}

// okBranch returns the successors of b to follow when b ends with a check
// of the begin's error (err != nil): only the branch where the begin succeeded.
func (r *Result) okBranch(b *cfg.Block, errVar *types.Var) []*cfg.Block {
	if len(b.Succs) != 2 || len(b.Nodes) == 0 {
		return b.Succs
	}
	cond, ok := b.Nodes[len(b.Nodes)-1].(*ast.BinaryExpr)
	if !ok || cond.Op != token.NEQ && cond.Op != token.EQL {
		return b.Succs
	}
	x, y := cond.X, cond.Y
	if r.isNil(x) {
		x, y = y, x
	}
	if r.varOf(x) != errVar || !r.isNil(y) {
		return b.Succs
	}
	if cond.Op == token.NEQ {
		return b.Succs[1:] // err != nil: the false branch holds the transaction
	}
	return b.Succs[:1]
}

func (r *Result) isNil(e ast.Expr) bool {
	tv, ok := r.pass.TypesInfo.Types[e]
	return ok && tv.IsNil()
}

// endAt returns the position at which node n ends tx: a Commit or Rollback
// on one of tx's variables (tx.Commit, u.tx.Rollback), a call of a
// function that ends the transaction of one of them (dbx.Commit(tx),
// uow.Commit(ctx)), or an assignment of a new value to the variable. It
// returns NoPos if n does not end tx. A deferred Rollback runs at the
// function's exit and ends nothing where it is written.
func (r *Result) endAt(n ast.Node, tx *Tx) token.Pos {
	if len(tx.Vars) == 0 {
		return token.NoPos
	}
	switch n.(type) {
	case *ast.DeferStmt, *ast.GoStmt:
		return token.NoPos
	}
	end := token.NoPos
	ast.Inspect(n, func(x ast.Node) bool {
		if end.IsValid() {
			return false
		}
		switch x := x.(type) {
		case *ast.FuncLit:
			return false
		case *ast.AssignStmt:
			for _, l := range x.Lhs {
				if v := r.varOf(l); v != nil && slices.Contains(tx.Vars, v) {
					end = x.Pos()
					return false
				}
			}
		case *ast.CallExpr:
			for _, v := range r.closedVars(x) {
				if slices.Contains(tx.Vars, v) {
					end = x.Pos()
					return false
				}
			}
		}
		return true
	})
	return end
}

// scanNode visits the calls node n evaluates while tx is open: those that
// end before end, when end is valid. Function literals that are called on
// the spot or passed to a call (retry.Do(func...)) run inside the
// transaction too, unless they are transaction callbacks with a region of
// their own. Deferred calls run after the function's end, and a goroutine
// that does not touch the transaction does not hold it.
func (r *Result) scanNode(n ast.Node, end token.Pos, tx *Tx, visit visitor) {
	var inspect func(x ast.Node) bool
	inspect = func(x ast.Node) bool {
		switch x := x.(type) {
		case *ast.FuncLit, *ast.DeferStmt:
			return false
		case *ast.GoStmt:
			if r.uses(x, tx.Vars) {
				ast.Inspect(x.Call, inspect)
				for _, lit := range CallLits(x.Call) {
					ast.Inspect(lit.Body, inspect)
				}
			}
			return false
		case *ast.CallExpr:
			if end.IsValid() && x.End() > end {
				return true
			}
			visit(x, tx)
			for _, lit := range CallLits(x) {
				if !r.isCallback(lit) {
					ast.Inspect(lit.Body, inspect)
				}
			}
		}
		return true
	}
	ast.Inspect(n, inspect)
}

// uses reports whether n mentions one of vars.
func (r *Result) uses(n ast.Node, vars []*types.Var) bool {
	found := false
	ast.Inspect(n, func(x ast.Node) bool {
		if id, ok := x.(*ast.Ident); ok {
			if v, ok := r.pass.TypesInfo.Uses[id].(*types.Var); ok && slices.Contains(vars, v) {
				found = true
			}
		}
		return !found
	})
	return found
}

// isCallback reports whether lit is passed where a transaction runs it
// (pgx.BeginFunc, a WithTx helper): it has a region of its own.
func (r *Result) isCallback(lit *ast.FuncLit) bool {
	a, ok := r.index().litArgs[lit]
	return ok && r.callbackTx(a.call, a.idx) != nil
}

// entryTx returns the transaction f runs in from its entry: the one its
// caller passes as a callback argument (pgx.BeginFunc, a WithTx helper),
// or one f receives as a parameter or receiver (pgx.Tx, *sql.Tx, *sqlx.Tx,
// or a struct holding one).
func (r *Result) entryTx(f function) *Tx {
	var held []*types.Var
	for _, v := range r.params(f) {
		if HoldsTx(v.Type()) {
			held = append(held, v)
		}
	}
	held = r.notOpenedHere(f, held) // fieldtx.go
	var args []argOf
	if f.lit != nil {
		if a, ok := r.index().litArgs[f.lit]; ok {
			args = append(args, a)
		}
	} else {
		args = r.index().declArgs[f.fn]
	}
	for _, a := range args {
		if tx := r.callbackTx(a.call, a.idx); tx != nil {
			tx.Vars = held
			return tx
		}
	}
	if len(held) == 0 {
		return nil
	}
	return &Tx{Vars: held, Desc: "passed in as " + held[0].Name()}
}

// callbackTx returns the transaction in which the function passed as
// argument idx of call runs, or nil: the callback of pgx.BeginFunc and its
// kin, or of a function that calls that parameter inside a transaction it
// begins.
func (r *Result) callbackTx(call *ast.CallExpr, idx int) *Tx {
	fn := apis.Callee(r.pass.TypesInfo, call)
	if fn == nil {
		return nil
	}
	if apis.TxFuncBeginCallback(apis.Describe(fn)) == idx {
		where := r.where(call.Pos())
		return &Tx{Desc: "begun at " + where, Where: where, Pos: call.Pos()}
	}
	if s := r.summary(fn); s != nil {
		for _, c := range s.Calls {
			if c.Param == idx && c.InTx != "" {
				return &Tx{Desc: fmt.Sprintf("that %s begins at %s", funcname.Code(fn, nil), c.InTx), Where: c.InTx, Runner: fn, RunnerArg: idx}
			}
		}
	}
	return nil
}
