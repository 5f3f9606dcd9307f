package consume

import (
	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/apis"
)

// Derived returns the values of fn that carry consumed Kafka data: messages
// (received, or passed in, also behind the project's interface over one:
// WrappedMessage), their fields, what is decoded or computed from
// them, closures capturing them, and local variables they are stored into.
func (a *Checker) Derived(fn *ssa.Function) map[ssa.Value]bool {
	d := make(map[ssa.Value]bool)
	var work []ssa.Value
	mark := func(v ssa.Value) {
		if v != nil && !d[v] {
			d[v] = true
			work = append(work, v)
		}
	}
	for _, p := range fn.Params {
		if apis.IsKafkaMessageType(p.Type()) || a.WrappedMessage(p.Type()) != nil {
			mark(p)
		}
	}
	for _, fv := range fn.FreeVars {
		if apis.IsKafkaMessageType(fv.Type()) || a.WrappedMessage(fv.Type()) != nil {
			mark(fv)
		}
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			v, ok := instr.(ssa.Value)
			if !ok {
				continue
			}
			if _, alloc := v.(*ssa.Alloc); !alloc && apis.IsKafkaMessageType(v.Type()) {
				mark(v) // a message made by the code (a literal to produce) is not consumed data
			}
			if call, ok := v.(*ssa.Call); ok {
				if obj, _ := CalleeOf(&call.Call); obj != nil && a.receives.Match(a.LibOf(obj)) {
					mark(v)
					for _, arg := range call.Call.Args {
						if apis.IsKafkaMessageType(arg.Type()) {
							mark(allocRoot(arg)) // FetchMessage(ctx, &m) fills the caller's message (otelkafkakonsumer)
						}
					}
				} else if a.WrapperRead(&call.Call) != "" {
					mark(v) // the project's Reader over a group reader (wrapperread.go)
				}
			}
		}
	}
	Propagate(d, work)
	delete(d, nil)
	return d
}

// DerivedFrom returns the values of a function that carry the data of one
// value (a receive): those derived adds to it, seeded with v alone.
func DerivedFrom(v ssa.Value) map[ssa.Value]bool {
	d := map[ssa.Value]bool{v: true}
	Propagate(d, []ssa.Value{v})
	delete(d, nil)
	return d
}

// Propagate adds to d (already holding work) every value that carries data
// of a value in work.
func Propagate(d map[ssa.Value]bool, work []ssa.Value) {
	mark := func(v ssa.Value) {
		if v != nil && !d[v] {
			d[v] = true
			work = append(work, v)
		}
	}
	for len(work) > 0 {
		v := work[len(work)-1]
		work = work[:len(work)-1]
		refs := v.Referrers()
		if refs == nil {
			continue
		}
		for _, r := range *refs {
			switch r := r.(type) {
			case *ssa.Store:
				if r.Val == v {
					mark(r.Addr)
					mark(allocRoot(r.Addr))
				}
			case *ssa.MapUpdate:
				if r.Key == v || r.Value == v {
					mark(r.Map)
				}
			case *ssa.Call:
				mark(r)
				for _, arg := range r.Call.Args {
					if arg != v {
						mark(allocRoot(arg)) // json.Unmarshal(msg.Value, &ev)
					}
				}
			case ssa.Value:
				mark(r)
			}
		}
	}
}

// allocRoot returns the local variable an address (or an interface or
// slice made from one) points into, or nil.
func allocRoot(v ssa.Value) ssa.Value {
	for range 8 {
		switch x := v.(type) {
		case *ssa.Alloc:
			return x
		case *ssa.FieldAddr:
			v = x.X
		case *ssa.IndexAddr:
			v = x.X
		case *ssa.Slice:
			v = x.X
		case *ssa.MakeInterface:
			v = x.X
		case *ssa.ChangeType:
			v = x.X
		default:
			return nil
		}
	}
	return nil
}

// UsesDerived reports whether an instruction has an operand carrying
// consumed data.
func UsesDerived(instr ssa.Instruction, d map[ssa.Value]bool) bool {
	var buf [8]*ssa.Value
	for _, op := range instr.Operands(buf[:0]) {
		if op != nil && *op != nil && d[*op] {
			return true
		}
	}
	return false
}
