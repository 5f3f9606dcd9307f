package offsetorder

import (
	"go/token"

	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/apis"
	"github.com/idemlint/idemlint/internal/consume"
)

// Which message a commit commits, and which message a later call works on.
// A commit concerns the messages that exist when it runs: work on a message
// fetched after it (group commit at the top of the loop, franz-go's
// CommitUncommittedOffsets before the next PollFetches), or on the message
// of this iteration when the commit names the previous one
// (commit(prev) at the top of the next iteration), is not overtaken.

// msgFlow answers, for one function, where messages start and which values
// carry which receive's message.
type msgFlow struct {
	a     *checker
	d     map[ssa.Value]bool
	recvs []ssa.Instruction                      // the receives of a new message, in block order
	from  map[ssa.Instruction]map[ssa.Value]bool // receive → values carrying its message, built on first use
	src   map[ssa.Value]bool                     // values carrying any consumed message (not a message the code built), built on first use
}

func (a *checker) newMsgFlow(fn *ssa.Function, d map[ssa.Value]bool) *msgFlow {
	f := &msgFlow{a: a, d: d, from: make(map[ssa.Instruction]map[ssa.Value]bool)}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if a.IsFetch(instr) {
				f.recvs = append(f.recvs, instr)
			}
		}
	}
	return f
}

// derivedFrom returns the values carrying the message of receive r.
func (f *msgFlow) derivedFrom(r ssa.Instruction) map[ssa.Value]bool {
	if dr, ok := f.from[r]; ok {
		return dr
	}
	var dr map[ssa.Value]bool
	if v, ok := r.(ssa.Value); ok {
		dr = consume.DerivedFrom(v)
	}
	f.from[r] = dr
	return dr
}

// sources returns the values carrying a consumed message: from a receive,
// a message channel, or a message passed in.
func (f *msgFlow) sources() map[ssa.Value]bool {
	if f.src != nil {
		return f.src
	}
	f.src = make(map[ssa.Value]bool)
	var work []ssa.Value
	add := func(v ssa.Value) {
		if v != nil && !f.src[v] {
			f.src[v] = true
			work = append(work, v)
		}
	}
	for v := range f.d {
		switch v := v.(type) {
		case *ssa.Parameter, *ssa.FreeVar:
			if apis.IsKafkaMessageType(v.Type()) {
				add(v)
			}
		case *ssa.Call:
			if obj, _ := consume.CalleeOf(&v.Call); obj != nil && f.a.IsReceive(obj) {
				add(v)
			}
		case *ssa.UnOp, *ssa.Select:
			if f.a.IsFetch(v.(ssa.Instruction)) {
				add(v)
			}
		}
	}
	consume.Propagate(f.src, work)
	return f.src
}

// usesOlder reports whether instr works on a consumed message that is not
// the one receive r fetched (one that existed before r).
func (f *msgFlow) usesOlder(instr ssa.Instruction, r ssa.Instruction) bool {
	dr, src := f.derivedFrom(r), f.sources()
	var buf [8]*ssa.Value
	for _, op := range instr.Operands(buf[:0]) {
		if op != nil && *op != nil && src[*op] && !dr[*op] {
			return true
		}
	}
	return false
}

// newer reports whether handler h works on a message fetched (by a receive
// that runs before commit c in the iteration) after the messages c names:
// c commits the previous iteration's message, h handles this one.
func (f *msgFlow) newer(c, h ssa.Instruction) bool {
	committed := f.committed(c)
	if len(committed) == 0 {
		return false // no message named (CommitUncommittedOffsets, Commit): everything fetched so far
	}
	for _, r := range f.recvs {
		if !f.handlesFresh(h, r) {
			continue
		}
		stale := true
		for _, v := range committed {
			if v == nil || f.fresh(v, r) {
				stale = false
				break
			}
		}
		if stale {
			return true
		}
	}
	return false
}

// committed returns the message values commit c names (nil for a value it
// cannot place), or none when it names no consumed data.
func (f *msgFlow) committed(c ssa.Instruction) []ssa.Value {
	ci, ok := c.(ssa.CallInstruction)
	if !ok {
		return nil
	}
	var out []ssa.Value
	for _, arg := range ci.Common().Args {
		if f.d[arg] {
			f.leaves(arg, &out, 0)
		}
	}
	return out
}

// handlesFresh reports whether h uses the message receive r fetched in
// this iteration.
func (f *msgFlow) handlesFresh(h, r ssa.Instruction) bool {
	var buf [8]*ssa.Value
	for _, op := range h.Operands(buf[:0]) {
		if op == nil || *op == nil || !f.d[*op] {
			continue
		}
		var ls []ssa.Value
		f.leaves(*op, &ls, 0)
		for _, v := range ls {
			if v != nil && f.fresh(v, r) {
				return true
			}
		}
	}
	return false
}

// fresh reports whether v carries the message receive r fetched in this
// iteration: derived from it, and defined after it.
func (f *msgFlow) fresh(v ssa.Value, r ssa.Instruction) bool {
	instr, ok := v.(ssa.Instruction)
	if !ok || !f.derivedFrom(r)[v] {
		return false
	}
	vb, rb := instr.Block(), r.Block()
	if vb == nil || rb == nil {
		return false
	}
	if vb != rb {
		return rb.Dominates(vb)
	}
	for _, i := range vb.Instrs {
		switch i {
		case r:
			return true // r comes first
		case instr:
			return false // a φ of the loop header, before r: last iteration's value
		}
	}
	return false
}

// leaves appends the values a message value is made of: through loads,
// fields, conversions and arithmetic down to the receive, φ, call or local
// variable (with what is stored into it); nil for memory it cannot follow.
func (f *msgFlow) leaves(v ssa.Value, out *[]ssa.Value, depth int) {
	if depth > 8 {
		*out = append(*out, nil)
		return
	}
	next := func(x ssa.Value) {
		if f.d[x] {
			f.leaves(x, out, depth+1)
		} else {
			*out = append(*out, nil) // memory reached from outside (a field of the receiver)
		}
	}
	switch x := v.(type) {
	case *ssa.UnOp:
		if x.Op == token.MUL {
			next(x.X)
			return
		}
	case *ssa.Field:
		next(x.X)
		return
	case *ssa.FieldAddr:
		next(x.X)
		return
	case *ssa.Index:
		next(x.X)
		return
	case *ssa.IndexAddr:
		next(x.X)
		return
	case *ssa.ChangeType:
		next(x.X)
		return
	case *ssa.Convert:
		next(x.X)
		return
	case *ssa.MakeInterface:
		next(x.X)
		return
	case *ssa.BinOp:
		for _, y := range []ssa.Value{x.X, x.Y} {
			if f.d[y] {
				f.leaves(y, out, depth+1)
			}
		}
		return
	case *ssa.Slice:
		if alloc, ok := x.X.(*ssa.Alloc); ok {
			f.stored(alloc, out, depth) // a variadic or literal slice: its elements, not the array made for them
			return
		}
		next(x.X)
		return
	case *ssa.Alloc:
		*out = append(*out, x)
		f.stored(x, out, depth)
		return
	}
	*out = append(*out, v)
}

// stored appends the leaves of the values stored into a local variable,
// directly or into its fields or elements.
func (f *msgFlow) stored(alloc *ssa.Alloc, out *[]ssa.Value, depth int) {
	var visit func(addr ssa.Value, n int)
	visit = func(addr ssa.Value, n int) {
		refs := addr.Referrers()
		if refs == nil || n > 2 {
			return
		}
		for _, ref := range *refs {
			switch ref := ref.(type) {
			case *ssa.Store:
				if ref.Addr == addr && f.d[ref.Val] {
					f.leaves(ref.Val, out, depth+1)
				}
			case *ssa.FieldAddr:
				visit(ref, n+1)
			case *ssa.IndexAddr:
				visit(ref, n+1)
			}
		}
	}
	visit(alloc, 0)
}
