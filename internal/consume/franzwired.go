package consume

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// FranzClientParam tells, for a polled franz-go client whose construction
// is out of sight (FranzAutoCommits is Unknown), the exported function
// whose parameter it is: directly (Run(ctx, cl *kgo.Client)), or through a
// struct field every store of which, in funcs, is that one parameter of
// that one function (a constructor New(..., cl *kgo.Client) keeping it in
// the Runner it returns). The package that calls the function (main,
// which builds the client) can then judge the client. ok is false
// otherwise.
func FranzClientParam(client ssa.Value, funcs []*ssa.Function) (fn *types.Func, param int, ok bool) {
	var vals []ssa.Value
	switch v := client.(type) {
	case *ssa.Parameter:
		vals = []ssa.Value{v}
	case *ssa.UnOp:
		if v.Op != token.MUL {
			return nil, 0, false
		}
		root, path := fieldPath(v.X)
		if root == nil || len(path) == 0 {
			return nil, 0, false
		}
		vals = fieldStores(root.Type(), path, funcs, receiverOf(root))
	}
	for i, x := range vals {
		p, isParam := x.(*ssa.Parameter)
		if !isParam || p.Parent() == nil || p.Parent().Parent() != nil {
			return nil, 0, false
		}
		obj, _ := p.Parent().Object().(*types.Func)
		if obj == nil || !obj.Exported() {
			return nil, 0, false
		}
		idx := paramIndex(p)
		if i > 0 && (obj != fn || idx != param) {
			return nil, 0, false
		}
		fn, param = obj, idx
	}
	return fn, param, fn != nil && param >= 0
}

// paramIndex returns the index of p among its function's parameters,
// counting a method's receiver as parameter 0 (as SSA calls pass it).
func paramIndex(p *ssa.Parameter) int {
	for i, q := range p.Parent().Params {
		if q == p {
			return i
		}
	}
	return -1
}
