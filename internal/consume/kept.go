package consume

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/apis"
	"github.com/idemlint/idemlint/internal/calls"
	"github.com/idemlint/idemlint/internal/funcname"
)

// Handlers registered on a project's event bus. An event bus keeps the
// handlers its Register method is given (b.handlers[t] = append(...,
// h)), and a consume loop of the bus runs them for each message it
// fetches and commits the message after they returned: a handler so
// registered runs as a consumer handler, redelivered when it fails before
// the commit, though no code that registers it shows a consume loop.
// KeptHandlers finds such methods in a package's SSA, so that an analyzer
// can record them in a fact of its own for the packages that register
// handlers (dualwrite's KeepsHandler).

// A KeptHandler says that a method keeps its function parameter Param in
// its receiver, and that a consume loop of the receiver's type runs the
// values of that parameter's type on each message and commits after.
type KeptHandler struct {
	Param  int    // index of the parameter, the receiver not counted
	Loop   string // the loop: "(*Bus).Consume"
	Commit string // the commit after the handlers: "(*kafka.Reader).CommitMessages"
}

// maxRunDepth bounds how deep, through the package's functions called
// with the message, a loop's call is searched for a call of a handler.
const maxRunDepth = 4

// KeptHandlers returns the methods among funcs (a package's source
// functions, literals included) that keep a function parameter for a
// consume loop, as above. A loop is a method of the receiver's type (or a
// literal in one) where a call X, given data of a fetched message, runs
// values of the parameter's type — itself, or a function of the package
// it calls, down to maxRunDepth; in a goroutine only when the function
// that starts it then waits (a WaitGroup's or errgroup's Wait) — and
// where a commit (the call layer's Ack effect) follows X before the next
// fetch, and no commit of the iteration comes before X. A bus whose loop
// commits before it runs the handlers keeps none.
//
// Work: one pass over the methods' parameters; the loops only for the
// receiver types of methods that keep one; each loop's calls searched
// once per handler type.
func KeptHandlers(funcs []*ssa.Function, layer *calls.Result) map[*types.Func]KeptHandler {
	if layer == nil {
		return nil
	}
	var out map[*types.Func]KeptHandler
	for _, fn := range funcs {
		obj, _ := fn.Object().(*types.Func)
		if obj == nil || fn.Signature.Recv() == nil || len(fn.Params) < 2 {
			continue
		}
		recv := recvNamed(fn.Signature.Recv().Type())
		if recv == nil {
			continue
		}
		for i, p := range fn.Params[1:] {
			if _, ok := p.Type().Underlying().(*types.Signature); !ok || !keptInReceiver(p, fn.Params[0]) {
				continue
			}

			for _, loop := range funcs {
				if ownerType(loop) != recv {
					continue
				}
				if commit := runsThenCommits(loop, p.Type(), layer); commit != "" {
					if out == nil {
						out = make(map[*types.Func]KeptHandler)
					}
					out[obj] = KeptHandler{Param: i, Loop: loopName(loop), Commit: commit}
					break
				}
			}
			if _, ok := out[obj]; ok {
				break
			}
		}
	}
	return out
}

// recvNamed returns the named type of a receiver (through a pointer).
func recvNamed(t types.Type) *types.Named {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	n, _ := types.Unalias(t).(*types.Named)
	if n != nil {
		n = n.Origin()
	}
	return n
}

// ownerType returns the receiver type of the method a function is, or
// that a literal is declared in.
func ownerType(fn *ssa.Function) *types.Named {
	for fn.Parent() != nil {
		fn = fn.Parent()
	}
	if fn.Signature.Recv() == nil {
		return nil
	}
	return recvNamed(fn.Signature.Recv().Type())
}

func loopName(fn *ssa.Function) string {
	for fn.Parent() != nil {
		fn = fn.Parent()
	}
	if obj, ok := fn.Object().(*types.Func); ok {
		return funcname.Code(obj, nil)
	}
	return fn.Name()
}

// keptInReceiver reports whether parameter p is stored in the state of
// the receiver recv: a field of it, or a map or slice one of its fields
// holds (directly or through append).
func keptInReceiver(p, recv *ssa.Parameter) bool {
	d := DerivedFrom(p)
	for v := range d {
		if rootedAt(v, recv) {
			return true
		}
	}
	return false
}

// rootedAt reports whether v is the address of a field of recv (at any
// depth of fields), or a map or slice loaded from one.
func rootedAt(v ssa.Value, recv ssa.Value) bool {
	for range 6 {
		switch x := v.(type) {
		case *ssa.FieldAddr:
			if x.X == recv {
				return true
			}
			v = x.X
		case *ssa.UnOp:
			if x.Op != token.MUL {
				return false
			}
			v = x.X
		case *ssa.IndexAddr:
			v = x.X
		default:
			return false
		}
	}
	return false
}

// runsThenCommits returns the commit chain when fn is a consume loop that
// runs values of type h before its commit (KeptHandlers), or "".
func runsThenCommits(fn *ssa.Function, h types.Type, layer *calls.Result) string {
	var fetched []ssa.Instruction
	d := make(map[ssa.Value]bool)
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if isKeptFetch(instr, layer) {
				fetched = append(fetched, instr)
				for v := range DerivedFrom(instr.(ssa.Value)) {
					d[v] = true
				}
			}
		}
	}
	if len(fetched) == 0 {
		return ""
	}
	isCommit := func(i ssa.Instruction) bool { return commitChain(i, layer) != nil }
	isFetch := func(i ssa.Instruction) bool { return isKeptFetch(i, layer) }
	memo := make(map[*ssa.Function]bool)
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(*ssa.Call)
			if !ok || !UsesDerived(call, d) || !runsType(&call.Call, h, memo, maxRunDepth) {
				continue
			}
			// Round inner loops (over the handlers), not past the next fetch.
			c := Search(call, true, isCommit, isFetch)
			if c == nil {
				continue
			}
			overtaken := false
			for _, b2 := range fn.Blocks {
				for _, i := range b2.Instrs {
					if isCommit(i) && Search(i, true, func(j ssa.Instruction) bool { return j == call }, isFetch) != nil {
						overtaken = true // a commit of the iteration before the handlers run
					}
				}
			}
			if overtaken {
				return ""
			}
			return commitChain(c, layer)[0]
		}
	}
	return ""
}

// commitChain returns the call layer's Ack chain of a call instruction.
func commitChain(i ssa.Instruction, layer *calls.Result) []string {
	ci, ok := i.(ssa.CallInstruction)
	if !ok {
		return nil
	}
	if _, isGo := i.(*ssa.Go); isGo {
		return nil
	}
	obj, _ := CalleeOf(ci.Common())
	if obj == nil {
		return nil
	}
	return layer.FuncChain(obj, calls.Ack)
}

// isKeptFetch reports whether an instruction fetches a message: a fetch
// or receive call of the tables (also through the project's interface
// standing for one), or a receive from a channel of messages.
func isKeptFetch(instr ssa.Instruction, layer *calls.Result) bool {
	switch x := instr.(type) {
	case *ssa.Call:
		obj, _ := CalleeOf(&x.Call)
		if obj == nil {
			return false
		}
		if keptFetches.Match(obj) {
			return true
		}
		return isInterfaceMethodFunc(obj) && layer.StandsFor(obj, keptFetches) != nil
	case *ssa.UnOp:
		if x.Op != token.ARROW {
			return false
		}
		ch, ok := x.X.Type().Underlying().(*types.Chan)
		return ok && apis.IsKafkaMessageType(ch.Elem())
	}
	return false
}

var keptFetches = func() *apis.Set {
	s := apis.KafkaFetches()
	s.AddSet(apis.KafkaReceives())
	return s
}()

func isInterfaceMethodFunc(fn *types.Func) bool {
	recv := fn.Signature().Recv()
	return recv != nil && types.IsInterface(recv.Type())
}

// runsType reports whether a call runs a value of type h before it
// returns: a call of such a value, or of a function of the package (a
// literal included) that does, down to depth.
func runsType(c *ssa.CallCommon, h types.Type, memo map[*ssa.Function]bool, depth int) bool {
	if !c.IsInvoke() && types.Identical(c.Value.Type(), h) {
		if _, static := c.Value.(*ssa.Function); !static {
			return true
		}
	}
	f := ClosureFunc(c.Value)
	if f == nil {
		f = c.StaticCallee()
	}
	if f == nil || f.Synthetic != "" || depth == 0 {
		return false
	}
	return bodyRuns(f, h, memo, depth-1)
}

// bodyRuns reports whether a function of the package runs a value of type
// h: a call, or a goroutine that the function then waits for.
func bodyRuns(f *ssa.Function, h types.Type, memo map[*ssa.Function]bool, depth int) bool {
	if r, ok := memo[f]; ok {
		return r
	}
	memo[f] = false // a recursion runs nothing more
	runs := false
	for _, b := range f.Blocks {
		for _, instr := range b.Instrs {
			switch x := instr.(type) {
			case *ssa.Call:
				runs = runsType(&x.Call, h, memo, depth)
			case *ssa.Go:
				runs = runsType(&x.Call, h, memo, depth) && Search(x, true, isWaitCall, nil) != nil
			}
			if runs {
				memo[f] = true
				return true
			}
		}
	}
	return false
}

// isWaitCall reports whether an instruction waits for goroutines: a call
// of a method named Wait (sync.WaitGroup, errgroup.Group, conc pools).
func isWaitCall(instr ssa.Instruction) bool {
	call, ok := instr.(*ssa.Call)
	if !ok {
		return false
	}
	obj, _ := CalleeOf(&call.Call)
	return obj != nil && obj.Name() == "Wait" && obj.Signature().Recv() != nil
}
