package consume

import (
	"go/ast"
	"go/constant"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/apis"
)

// Tri is a yes/no/unknown answer.
type Tri int

const (
	Unknown Tri = iota
	Yes
	No
)

// LocalGroupID answers whether the reader was made by kafka.NewReader in
// this function from a config that sets GroupID (also behind a tracing
// wrapper made here around it).
func (a *Checker) LocalGroupID(reader ssa.Value) Tri {
	reader = unwrapReader(reader)
	call, ok := reader.(*ssa.Call)
	if !ok {
		return Unknown
	}
	if obj, _ := CalleeOf(&call.Call); !apis.IsKafkaReaderNew(obj) || len(call.Call.Args) != 1 {
		return Unknown
	}
	switch cfg := call.Call.Args[0].(type) {
	case *ssa.Const:
		return No // the zero config
	case *ssa.UnOp:
		alloc, ok := cfg.X.(*ssa.Alloc)
		if !ok || alloc.Referrers() == nil {
			return Unknown
		}
		return allocGroupID(alloc)
	}
	return Unknown
}

// unwrapReader returns the kafka-go Reader a wrapper made here wraps
// (otelkafkakonsumer.NewReader(kafka.NewReader(cfg))): its config is the
// wrapper's. Any other value is returned as it is.
func unwrapReader(v ssa.Value) ssa.Value {
	for range 4 {
		if x, ok := v.(*ssa.Extract); ok && x.Index == 0 {
			v = x.Tuple
		}
		call, ok := v.(*ssa.Call)
		if !ok {
			return v
		}
		obj, _ := CalleeOf(&call.Call)
		i := apis.KafkaReaderWrapArg(obj)
		if i < 0 || i >= len(call.Call.Args) {
			return v
		}
		v = call.Call.Args[i]
	}
	return v
}

// allocGroupID looks at the stores into a local ReaderConfig.
func allocGroupID(alloc *ssa.Alloc) Tri {
	st, ok := alloc.Type().Underlying().(*types.Pointer)
	if !ok {
		return Unknown
	}
	s, ok := st.Elem().Underlying().(*types.Struct)
	if !ok {
		return Unknown
	}
	for _, ref := range *alloc.Referrers() {
		switch ref := ref.(type) {
		case *ssa.Store:
			if ref.Addr == alloc {
				if _, zero := ref.Val.(*ssa.Const); !zero {
					return Unknown // the whole config copied from elsewhere
				}
			}
		case *ssa.FieldAddr:
			if ref.Field >= s.NumFields() || s.Field(ref.Field).Name() != apis.KafkaGroupIDField || ref.Referrers() == nil {
				continue
			}
			for _, fr := range *ref.Referrers() {
				if store, ok := fr.(*ssa.Store); ok && !isEmptyString(store.Val) {
					return Yes
				}
			}
		}
	}
	return No
}

func isEmptyString(v ssa.Value) bool {
	c, ok := v.(*ssa.Const)
	return ok && c.Value != nil && c.Value.Kind() == constant.String && constant.StringVal(c.Value) == ""
}

// GroupIDState is what the package's source says about ReaderConfigs.
type GroupIDState struct {
	Literals  int  // ReaderConfig literals written
	WithGroup bool // one of them (or an assignment) sets a GroupID
}

// PkgGroupID scans the package once for ReaderConfig literals and GroupID assignments.
func (a *Checker) PkgGroupID() *GroupIDState {
	if a.readerGroup != nil {
		return a.readerGroup
	}
	st := &GroupIDState{}
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
			st.Literals++
			for _, e := range n.Elts {
				if kv, ok := e.(*ast.KeyValueExpr); ok {
					if id, ok := kv.Key.(*ast.Ident); ok && id.Name == apis.KafkaGroupIDField && nonEmpty(kv.Value) {
						st.WithGroup = true
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
					st.WithGroup = true
				}
			}
		}
	})
	return st
}
