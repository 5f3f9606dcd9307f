package offsetorder

import (
	"go/ast"
	"go/constant"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/apis"
	"github.com/idemlint/idemlint/internal/consume"
)

// tri is a yes/no/unknown answer.
type tri int

const (
	unknown tri = iota
	yes
	no
)

// checkReadMessage reports kafka-go's ReadMessage on a reader that commits
// (a GroupID, or a config the package does not show) before handler h.
func (a *checker) checkReadMessage(r *ssa.Call, h ssa.Instruction, handler string) {
	if len(r.Call.Args) == 0 {
		return
	}
	why := ""
	switch a.localGroupID(r.Call.Args[0]) {
	case yes:
		why = "the reader has a GroupID"
	case no:
		return
	default:
		st := a.pkgGroupID()
		switch {
		case st.withGroup:
			why = "the package's ReaderConfig has a GroupID"
		case st.literals > 0:
			return // every config the package writes has no GroupID: nothing is committed
		default:
			why = "the reader's config is not visible here; with a GroupID it commits"
		}
	}
	a.reportReadMessage(r, why, h, handler)
}

// localGroupID answers whether the reader was made by kafka.NewReader in
// this function from a config that sets GroupID.
func (a *checker) localGroupID(reader ssa.Value) tri {
	call, ok := reader.(*ssa.Call)
	if !ok {
		return unknown
	}
	if obj, _ := consume.CalleeOf(&call.Call); !apis.IsKafkaReaderNew(obj) || len(call.Call.Args) != 1 {
		return unknown
	}
	switch cfg := call.Call.Args[0].(type) {
	case *ssa.Const:
		return no // the zero config
	case *ssa.UnOp:
		alloc, ok := cfg.X.(*ssa.Alloc)
		if !ok || alloc.Referrers() == nil {
			return unknown
		}
		return allocGroupID(alloc)
	}
	return unknown
}

// allocGroupID looks at the stores into a local ReaderConfig.
func allocGroupID(alloc *ssa.Alloc) tri {
	st, ok := alloc.Type().Underlying().(*types.Pointer)
	if !ok {
		return unknown
	}
	s, ok := st.Elem().Underlying().(*types.Struct)
	if !ok {
		return unknown
	}
	for _, ref := range *alloc.Referrers() {
		switch ref := ref.(type) {
		case *ssa.Store:
			if ref.Addr == alloc {
				if _, zero := ref.Val.(*ssa.Const); !zero {
					return unknown // the whole config copied from elsewhere
				}
			}
		case *ssa.FieldAddr:
			if ref.Field >= s.NumFields() || s.Field(ref.Field).Name() != apis.KafkaGroupIDField || ref.Referrers() == nil {
				continue
			}
			for _, fr := range *ref.Referrers() {
				if store, ok := fr.(*ssa.Store); ok && !isEmptyString(store.Val) {
					return yes
				}
			}
		}
	}
	return no
}

func isEmptyString(v ssa.Value) bool {
	c, ok := v.(*ssa.Const)
	return ok && c.Value != nil && c.Value.Kind() == constant.String && constant.StringVal(c.Value) == ""
}

// groupIDState is what the package's source says about ReaderConfigs.
type groupIDState struct {
	literals  int  // ReaderConfig literals written
	withGroup bool // one of them (or an assignment) sets a GroupID
}

// pkgGroupID scans the package once for ReaderConfig literals and GroupID assignments.
func (a *checker) pkgGroupID() *groupIDState {
	if a.readerGroup != nil {
		return a.readerGroup
	}
	st := &groupIDState{}
	a.readerGroup = st
	info := a.Pass.TypesInfo
	nonEmpty := func(e ast.Expr) bool {
		tv, ok := info.Types[e]
		return !ok || tv.Value == nil || tv.Value.Kind() != constant.String || constant.StringVal(tv.Value) != ""
	}
	a.Inspect(func(n ast.Node) {
		switch n := n.(type) {
		case *ast.CompositeLit:
			if !apis.IsKafkaReaderConfig(info.TypeOf(n)) {
				return
			}
			st.literals++
			for _, e := range n.Elts {
				if kv, ok := e.(*ast.KeyValueExpr); ok {
					if id, ok := kv.Key.(*ast.Ident); ok && id.Name == apis.KafkaGroupIDField && nonEmpty(kv.Value) {
						st.withGroup = true
					}
				}
			}
		case *ast.AssignStmt:
			for i, lhs := range n.Lhs {
				sel, ok := lhs.(*ast.SelectorExpr)
				if !ok || sel.Sel.Name != apis.KafkaGroupIDField || !apis.IsKafkaReaderConfig(info.TypeOf(sel.X)) {
					continue
				}
				if i < len(n.Rhs) && nonEmpty(n.Rhs[i]) || len(n.Rhs) != len(n.Lhs) {
					st.withGroup = true
				}
			}
		}
	})
	return st
}
