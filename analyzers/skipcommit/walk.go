package skipcommit

import (
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/apis"
	"github.com/idemlint/idemlint/internal/consume"
)

// What a failure path reaches that passes over the failed message.
type kind int

const (
	movesOn     kind = iota // the next message of a loop whose commits are cumulative
	commits                 // a commit, mark or ack of the message
	returns                 // a per-message function returns without an error; its commit of the next message passes it
	watermil                // a watermill handler returns nil: the router acks
	returnsNil              // a handler returns nil to a caller that then commits or acks the message
	returnsVoid             // a handler without results returns to a caller that then commits or acks the message
	drops                   // an amqp reject without requeue and no dead-letter exchange in sight
	handedNil               // a handler returns nil to the consume loop it is handed to, which then commits the message
	handedVoid              // a handler without results returns to the consume loop it is handed to, which then commits the message
)

// A finding is a failure path that passes over the message.
type finding struct {
	kind   kind
	at     ssa.Instruction // what the path reaches
	commit string          // the commit that passes the message
	where  token.Pos       // the commit's position
	last   token.Pos       // the last position on the path in the failure branch
	test   token.Pos       // the failure test
}

// walk searches, from the failure successor fail of handler h, the paths
// of the function for one that passes over the message. A path ends at a
// retry (h again), a redelivery (Nak, a negative ack with requeue, a
// seek), a deliberate end (Term), a call doing work with the message whose
// error is checked (a dead-letter publish, recording the failure), a
// return from a loop, or a panic; where it tests which error it is
// (errors.Is, errors.As), only the branch where it is not that error is
// followed; a branch on a classification of the error is judged side by
// side (classified.go). known holds what the path knows on entering fail
// (a helper's false result).
func (a *checker) walk(s *funcState, h *ssa.Call, errs map[ssa.Value]bool, fail *ssa.BasicBlock, known facts) []*finding {
	w := &walker{a: a, s: s, h: h, errs: errs, fail: fail, inLoops: enclosing(s.loops, h.Block()), classifying: make(map[*ssa.BasicBlock]bool)}
	return w.from(fail, known, false).fs
}

// A walker follows the failure paths of one failure test.
type walker struct {
	a           *checker
	s           *funcState
	h           *ssa.Call
	errs        map[ssa.Value]bool
	fail        *ssa.BasicBlock
	inLoops     []*loop
	classifying map[*ssa.BasicBlock]bool // classification branches being judged (a retry loop comes back to them)
}

// An outcome is what the paths from a block do with the failed message:
// the places where a path passes over it (one finding each: a failure
// branch may move on in several ways, each needing its own fix), or, with
// none, whether one disposes of it deliberately (a commit, an ack, a dead
// letter) rather than bring it back (a retry, a stop, a redelivery).
type outcome struct {
	fs       []*finding
	disposed bool
}

// add records f unless a finding at the same place is recorded.
func (o *outcome) add(f *finding) {
	for _, g := range o.fs {
		if g.last == f.last && g.kind == f.kind {
			return
		}
	}
	o.fs = append(o.fs, f)
}

// from follows the paths from start. In a side of a classification
// (classified), reaching a commit or ack, or returning nil to a caller
// that acks, is the policy for that kind of error: it disposes of the
// message rather than pass over it.
func (w *walker) from(start *ssa.BasicBlock, k0 facts, classified bool) outcome {
	parent := map[*ssa.BasicBlock]*ssa.BasicBlock{start: nil}
	known := map[*ssa.BasicBlock]facts{start: k0}
	passes := make(map[*ssa.BasicBlock]*finding) // blocks outside the failure branch that lead to a finding
	queue := []*ssa.BasicBlock{start}
	var out outcome
	found := func(b *ssa.BasicBlock, f *finding) {
		out.add(f)
		for cur := b; cur != nil && !w.fail.Dominates(cur) && passes[cur] == nil; cur = parent[cur] {
			passes[cur] = f // another path into them moves on the same way, from its own place
		}
	}
	for len(queue) > 0 {
		b := queue[0]
		queue = queue[1:]
		stop := false
		for _, instr := range b.Instrs {
			if instr == w.h {
				stop = true // retried
				break
			}
			if call, ok := instr.(*ssa.Call); ok && w.a.isQuery(w.s, call) {
				known[b] = known[b].succeeded(call) // a retry counter read: its value decides, not its success
				continue
			}
			f, end := w.a.step(w.s, w.h, instr, w.inLoops)
			if f != nil {
				f.at = instr
				f.last = lastPos(w.fail, b, instr, parent)
				if classified && deliberate(f.kind) {
					out.disposed = true
				} else {
					found(b, f)
				}
				stop = true
				break
			}
			if end != goesOn {
				out.disposed = out.disposed || end == disposes
				stop = true
				break
			}
		}
		if stop {
			continue
		}
		succs := b.Succs
		if br, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If); ok {
			switch {
			case isErrorsClass(br.Cond, w.errs):
				succs = succs[1:] // not that error
			case classifies(br.Cond, w.errs, 0):
				o := w.classified(b, known[b])
				for _, f := range o.fs {
					out.add(f)
				}
				out.disposed = out.disposed || o.disposed
				continue
			default:
				if v, ok := known[b].eval(br.Cond, w.errs); ok {
					if v {
						succs = succs[:1]
					} else {
						succs = succs[1:]
					}
				}
			}
		}
		for _, next := range succs {
			if _, seen := parent[next]; seen {
				if f := passes[next]; f != nil && next != start {
					g := *f
					g.last = lastPos(w.fail, b, nil, parent)
					out.add(&g)
				}
				continue
			}
			parent[next] = b
			known[next] = known[b].enter(b, next)
			queue = append(queue, next)
		}
	}
	return out
}

// An end is how a failure path ends without passing over the message.
type end int

const (
	goesOn   end = iota // the path goes on
	comes               // the message comes back: a stop, a redelivery, an error returned
	disposes            // the message is disposed of: a checked dead letter, Term, a reject to a dead-letter exchange
)

// step classifies one instruction on a failure path: a finding, or the
// end of the path.
func (a *checker) step(s *funcState, h *ssa.Call, instr ssa.Instruction, inLoops []*loop) (*finding, end) {
	if via := s.commits[instr]; via != "" && !a.marksOnly(instr) {
		if a.copiesFirst(instr) {
			return nil, disposes // a helper that acks after a copy to a retry queue (copyfirst.go)
		}
		return &finding{kind: commits, commit: via, where: instr.Pos()}, goesOn
	}
	switch x := instr.(type) {
	case *ssa.Panic:
		return nil, comes
	case *ssa.Return:
		if len(inLoops) > 0 {
			return nil, comes // the loop stops
		}
		if f := a.returnFinding(s, x); f != nil {
			return f, comes
		}
		return nil, comes
	case *ssa.Call:
		obj, _ := consume.CalleeOf(&x.Call)
		lib := a.LibOf(obj)
		if apis.IsRedelivery(lib) {
			return nil, comes
		}
		if apis.IsTermination(lib) {
			return nil, disposes
		}
		if i := apis.RejectRequeueArg(lib); i >= 0 {
			if !x.Call.IsInvoke() && obj.Signature().Recv() != nil {
				i++ // a static method call passes the receiver first
			}
			if i < len(x.Call.Args) && isFalse(x.Call.Args[i]) {
				if !a.deadLetterInSight() {
					return &finding{kind: drops, commit: a.Name(lib), where: x.Pos()}, comes
				}
				return nil, disposes
			}
			return nil, comes
		}
		if a.handlerVia(&x.Call) != "" && consume.UsesDerived(x, s.d) && (errorChecked(x) || a.flagChecked(x)) {
			return nil, disposes // a dead letter, or the failure recorded, and checked
		}
	}
	for _, l := range inLoops {
		if !l.body[instr.Block()] {
			continue
		}
		if _, ok := a.source(instr, s.d); !ok {
			continue
		}
		if via, where := a.loopCommit(s, inLoops[0], h.Pos()); via != "" {
			return &finding{kind: movesOn, commit: via, where: where}, comes
		}
		return nil, comes // nothing commits past it
	}
	return nil, goesOn
}

// returnFinding judges a return from a function that handles one message
// (no message loop round the failed call): a watermill handler returning
// nil is acked; a function that commits its Kafka message on success and
// returns without an error on failure leaves the message behind the next
// message's commit.
func (a *checker) returnFinding(s *funcState, ret *ssa.Return) *finding {
	if s.fn.Synthetic == rangeFuncBody {
		return nil // the body of a range-over-func loop: its returns are the loop's continue, break and return
	}
	sig := s.fn.Signature
	res := sig.Results()
	if res.Len() > 0 && types.Identical(res.At(res.Len()-1).Type(), types.Universe.Lookup("error").Type()) {
		if len(ret.Results) == 0 || !isNil(ret.Results[len(ret.Results)-1]) {
			return nil // the error goes back: the caller or framework retries
		}
		if isWatermillHandler(sig) {
			return &finding{kind: watermil, commit: "the watermill router's Ack", where: ret.Pos()}
		}
		if len(s.commits) == 0 {
			if c, via := a.callerCommit(s.fn); c != nil {
				return &finding{kind: returnsNil, commit: via, where: c.Pos()}
			}
			if c, via := a.handedLoop(s.fn); c != nil {
				return &finding{kind: handedNil, commit: via, where: c.Pos()}
			}
		}
	}
	if res.Len() == 0 && len(s.commits) == 0 {
		// A handler without results cannot tell its caller that it
		// failed: a caller that commits or acks after it returns passes
		// over the failure.
		if c, via := a.callerCommit(s.fn); c != nil {
			return &finding{kind: returnsVoid, commit: via, where: c.Pos()}
		}
		if c, via := a.handedLoop(s.fn); c != nil {
			return &finding{kind: handedVoid, commit: via, where: c.Pos()}
		}
	}
	if !s.kafka {
		return nil // a broker delivery left unacked is delivered again
	}
	var first ssa.Instruction
	for c := range s.commits {
		if first == nil || c.Pos() < first.Pos() {
			first = c
		}
	}
	if first == nil {
		return nil // nothing here commits the next message
	}
	return &finding{kind: returns, commit: s.commits[first], where: first.Pos()}
}

// isWatermillHandler reports whether sig is a watermill handler's:
// func(*message.Message) error or func(*message.Message) ([]*message.Message, error).
func isWatermillHandler(sig *types.Signature) bool {
	return sig.Params().Len() == 1 && apis.IsWatermillMessage(sig.Params().At(0).Type()) && sig.Results().Len() >= 1 && sig.Results().Len() <= 2
}

// loopCommit names what commits past a message the outermost message loop
// passes over: a commit in its body (Kafka's are cumulative per
// partition), kafka-go's ReadMessage on a group reader, or franz-go's
// autocommit at the next poll.
func (a *checker) loopCommit(s *funcState, l *loop, after token.Pos) (string, token.Pos) {
	if !l.kafka {
		return "", token.NoPos // broker deliveries are acked one by one
	}
	var best ssa.Instruction // the first commit after the failed call, else the first
	for c := range s.commits {
		if !l.body[c.Block()] {
			continue
		}
		if best == nil || (c.Pos() > after) != (best.Pos() > after) && c.Pos() > after || (c.Pos() > after) == (best.Pos() > after) && c.Pos() < best.Pos() {
			best = c
		}
	}
	if best != nil {
		return s.commits[best], best.Pos()
	}
	for _, src := range l.sources {
		call, ok := src.(*ssa.Call)
		if !ok {
			continue
		}
		obj, _ := consume.CalleeOf(&call.Call)
		lib := a.LibOf(obj)
		switch {
		case apis.IsFranzPoll(lib) && !a.FranzAutoCommitOff():
			return "franz-go's autocommit at the next " + a.Name(lib), call.Pos()
		case apis.KafkaAutoCommitReads().Match(lib) && a.readerCommits(call):
			return a.Name(lib) + " (the group reader commits as it reads)", call.Pos()
		}
	}
	return "", token.NoPos
}

// readerCommits reports whether kafka-go's ReadMessage commits: its reader
// has a GroupID here or in the package's ReaderConfigs.
func (a *checker) readerCommits(call *ssa.Call) bool {
	if len(call.Call.Args) == 0 {
		return false
	}
	switch a.LocalGroupID(call.Call.Args[0]) {
	case consume.Yes:
		return true
	case consume.No:
		return false
	}
	return a.PkgGroupID().WithGroup
}

// errorChecked reports whether a call's error result is tested against
// nil or returned.
func errorChecked(call *ssa.Call) bool {
	errv := consume.ErrorResult(call)
	if errv == nil || errv.Referrers() == nil {
		return false
	}
	for v := range errorValues(call) {
		for _, ref := range *v.Referrers() {
			switch r := ref.(type) {
			case *ssa.BinOp:
				if isNil(r.X) || isNil(r.Y) {
					return true
				}
			case *ssa.Return:
				return true
			}
		}
	}
	return false
}

func isFalse(v ssa.Value) bool {
	c, ok := v.(*ssa.Const)
	return ok && c.Value != nil && c.Value.Kind() == constant.Bool && !constant.BoolVal(c.Value)
}

// lastPos returns the position of the last instruction with one on the
// path from fail to instr, among the blocks of the failure branch (those
// fail dominates): where the code moves on.
func lastPos(fail, b *ssa.BasicBlock, instr ssa.Instruction, parent map[*ssa.BasicBlock]*ssa.BasicBlock) token.Pos {
	for cur, upto := b, instr; cur != nil; cur, upto = parent[cur], nil {
		if !fail.Dominates(cur) {
			continue
		}
		var p token.Pos
		for _, i := range cur.Instrs {
			if i == upto {
				break
			}
			if i.Pos().IsValid() {
				p = i.Pos()
			}
		}
		if p.IsValid() {
			return p
		}
	}
	return token.NoPos
}

// classifies reports whether a branch condition is computed by a call
// from the failed call's error (reason := classify(err); isRetryable(err);
// strings.Contains(err.Error(), ...)): the code decides per kind of error,
// an explicit policy rather than a failure passed over.
func classifies(v ssa.Value, errs map[ssa.Value]bool, depth int) bool {
	if depth > 4 || v == nil {
		return false
	}
	switch x := v.(type) {
	case *ssa.BinOp:
		return classifies(x.X, errs, depth+1) || classifies(x.Y, errs, depth+1)
	case *ssa.UnOp:
		return classifies(x.X, errs, depth+1)
	case *ssa.Extract:
		return classifies(x.Tuple, errs, depth+1)
	case *ssa.Call:
		if x.Call.IsInvoke() && errs[x.Call.Value] {
			return true // err.Error(), a method of the error
		}
		for _, arg := range x.Call.Args {
			if errs[arg] {
				return true
			}
			if mi, ok := arg.(*ssa.MakeInterface); ok && errs[mi.X] {
				return true
			}
		}
		for _, arg := range x.Call.Args {
			if classifies(arg, errs, depth+1) {
				return true
			}
		}
	}
	return false
}

// rangeFuncBody is how go/ssa marks the body of a range-over-func loop,
// built as a function the iterator calls.
const rangeFuncBody = "range-over-func yield"

// marksOnly reports whether a commit commits only what was marked or
// stored before (CommitMarkedOffsets): a failed message left unmarked is
// not committed by it.
func (a *checker) marksOnly(instr ssa.Instruction) bool {
	call, ok := instr.(*ssa.Call)
	if !ok {
		return false
	}
	obj, _ := consume.CalleeOf(&call.Call)
	return apis.IsMarksCommit(a.LibOf(obj))
}

// callerCommit returns a commit or ack that a caller of fn in this package
// runs after the call, in the same iteration (the caller commits the
// message fn returned nil for), and its chain; or nil. A caller without
// results that does not commit after the call (a closure binding the
// handler's dependencies: func(ctx, m) { handle(ctx, m, store) }) loses
// the outcome too, so its own callers are searched, up to maxWrappers
// levels.
func (a *checker) callerCommit(fn *ssa.Function) (ssa.Instruction, string) {
	seen := map[*ssa.Function]bool{fn: true}
	fns := []*ssa.Function{fn}
	for depth := 0; depth <= maxWrappers && len(fns) > 0; depth++ {
		var wrappers []*ssa.Function
		for _, f := range fns {
			for _, site := range a.callersOf(f) {
				c := consume.Search(site, false, func(i ssa.Instruction) bool {
					call, ok := i.(*ssa.Call)
					return ok && a.CommitVia(&call.Call) != "" && !a.marksOnly(i)
				}, nil)
				if c != nil {
					return c, a.CommitVia(&c.(*ssa.Call).Call)
				}
				if p := site.Parent(); p != nil && !seen[p] && p.Signature.Results().Len() == 0 {
					seen[p] = true
					wrappers = append(wrappers, p)
				}
			}
		}
		fns = wrappers
	}
	return nil, ""
}

// maxWrappers is how many callers without results callerCommit climbs
// through to find the commit after a handler.
const maxWrappers = 2

// callersOf returns the calls of fn in the package's functions: static
// calls, and calls through the parameter of a package function that fn is
// passed to as a function or method value (consume(ctx, r, s.handle)).
func (a *checker) callersOf(fn *ssa.Function) []*ssa.Call {
	if a.callers == nil {
		a.callers = make(map[*ssa.Function][]*ssa.Call)
		passed := make(map[*ssa.Parameter][]*ssa.Function) // parameter → the function values passed to it
		for _, f := range a.funcs {
			for _, b := range f.Blocks {
				for _, instr := range b.Instrs {
					var common *ssa.CallCommon
					switch x := instr.(type) {
					case *ssa.Call:
						common = &x.Call
					case *ssa.Go:
						common = &x.Call // go consume(ctx, topic, handler): the handler still runs in the loop
					default:
						continue
					}
					callee := common.StaticCallee()
					if callee == nil {
						continue
					}
					if call, ok := instr.(*ssa.Call); ok {
						a.callers[callee] = append(a.callers[callee], call)
					}
					for i, arg := range common.Args {
						if v := funcValue(arg); v != nil && i < len(callee.Params) {
							passed[callee.Params[i]] = append(passed[callee.Params[i]], v)
						}
					}
				}
			}
		}
		for _, f := range a.funcs {
			for _, b := range f.Blocks {
				for _, instr := range b.Instrs {
					if call, ok := instr.(*ssa.Call); ok {
						if p, ok := call.Call.Value.(*ssa.Parameter); ok {
							for _, v := range passed[p] {
								a.callers[v] = append(a.callers[v], call)
							}
						}
					}
				}
			}
		}
	}
	return a.callers[fn]
}

// funcValue returns the function of the package a function or method
// value stands for (s.handle is a closure of a bound method wrapper), or nil.
func funcValue(v ssa.Value) *ssa.Function {
	switch x := v.(type) {
	case *ssa.Function:
		return x
	case *ssa.MakeClosure:
		f, _ := x.Fn.(*ssa.Function)
		if f == nil {
			return nil
		}
		if obj, ok := f.Object().(*types.Func); ok && f.Synthetic != "" && f.Prog != nil {
			if m := f.Prog.FuncValue(obj); m != nil {
				return m // the method a bound method wrapper calls
			}
		}
		return f
	case *ssa.ChangeType:
		return funcValue(x.X)
	}
	return nil
}
