package offsetorder

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/apis"
	"github.com/idemlint/idemlint/internal/consume"
)

// funcSites are the calls of one function that matter for the ordering rules.
type funcSites struct {
	d        map[ssa.Value]bool
	commits  []ssa.Instruction
	commitOf map[ssa.Instruction]string // commit → chain
	handler  map[ssa.Instruction]string // call handling consumed data → chain
	spawns   []ssa.Instruction
	spawnOf  map[ssa.Instruction]string // hand-off to another goroutine → description
	reads    []*ssa.Call                // kafka-go ReadMessage
}

// checkFunc applies the three rules to one function.
func (a *checker) checkFunc(fn *ssa.Function) {
	if fn == nil || len(fn.Blocks) == 0 {
		return
	}
	s := &funcSites{
		d:        a.Derived(fn),
		commitOf: make(map[ssa.Instruction]string),
		handler:  make(map[ssa.Instruction]string),
		spawnOf:  make(map[ssa.Instruction]string),
	}
	if len(s.d) == 0 {
		return // no consumed message here
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			a.classify(instr, s)
		}
	}
	reported := make(map[ssa.Instruction]bool)
	var f *msgFlow
	if len(s.commits) > 0 {
		f = a.newMsgFlow(fn, s.d)
	}
	for _, c := range s.commits {
		if h := a.overtaken(c, s, f); h != nil {
			reported[c] = true
			a.reportEarlyCommit(c, s.commitOf[c], h, s.handler[h])
		}
	}
	for _, g := range s.spawns {
		c := consume.Search(g, true, func(i ssa.Instruction) bool { return s.commitOf[i] != "" }, func(i ssa.Instruction) bool { return a.isWait(i, s.d) })
		if c != nil && !reported[c] {
			reported[c] = true
			a.reportFireAndForget(c, s.commitOf[c], g, s.spawnOf[g])
		}
	}
	a.checkAutoAck(fn, s)
	a.checkListPops(fn, s)
	a.checkFranzAutoCommit(fn, s)
	a.checkStandaloneClaims(fn, s)
	for _, r := range s.reads {
		h := consume.Search(r, false, func(i ssa.Instruction) bool { return i != r && s.handler[i] != "" }, nil)
		if h != nil {
			a.checkReadMessage(r, h, s.handler[h])
		}
	}
}

// overtaken returns the nearest call handling a message that commit c runs
// before, or nil. A path ends at the fetch of a new message: after it, only
// work on a message that existed before the fetch can be overtaken. Work on
// this iteration's message is not overtaken by a commit naming only an
// older message (commit(prev)).
func (a *checker) overtaken(c ssa.Instruction, s *funcSites, f *msgFlow) ssa.Instruction {
	if br, fail := a.errorOnlyCommit(c); fail != nil {
		return a.overtakenOnError(c, br, fail, s, f)
	}
	var next []ssa.Instruction
	h := consume.Search(c, false,
		func(i ssa.Instruction) bool {
			return i != c && s.handler[i] != "" && !f.newer(c, i) && !consume.InCommitFailure(c, i)
		},
		func(i ssa.Instruction) bool {
			if a.IsFetch(i) {
				next = append(next, i)
				return true
			}
			return false
		})
	if h != nil {
		return h
	}
	for _, r := range next {
		h := consume.Search(r, false,
			func(i ssa.Instruction) bool { return s.handler[i] != "" && f.usesOlder(i, r) && !f.newer(c, i) },
			a.IsFetch)
		if h != nil {
			return h
		}
	}
	return nil
}

// classify records what one instruction is for the rules.
func (a *checker) classify(instr ssa.Instruction, s *funcSites) {
	switch instr := instr.(type) {
	case *ssa.Call:
		c := &instr.Call
		if via := a.CommitVia(c); via != "" && !a.acksOwnReads(c, s.d) {
			s.commits = append(s.commits, instr)
			s.commitOf[instr] = via
		}
		if via := a.DurableVia(c); via != "" && (consume.UsesDerived(instr, s.d) || consume.IsTxCommit(c)) {
			s.handler[instr] = via
		}
		if desc := a.groupGo(c, s.d); desc != "" {
			s.spawns = append(s.spawns, instr)
			s.spawnOf[instr] = desc
		}
		if obj, _ := consume.CalleeOf(c); obj != nil && (a.autoRead.Match(a.LibOf(obj)) || a.WrapperRead(c) != "") {
			s.reads = append(s.reads, instr)
		}
	case *ssa.Go:
		if !consume.UsesDerived(instr, s.d) {
			return
		}
		if via := a.DurableVia(&instr.Call); via != "" {
			s.handler[instr] = via
			s.spawns = append(s.spawns, instr)
			s.spawnOf[instr] = "go " + via
		}
	case *ssa.Send:
		if s.d[instr.X] && !isErrorValue(instr.X) {
			s.spawns = append(s.spawns, instr)
			s.spawnOf[instr] = "a send to a worker channel"
		}
	case *ssa.Select:
		for _, st := range instr.States {
			if st.Dir == types.SendOnly && s.d[st.Send] && !isErrorValue(st.Send) { // case ch <- msg: beside case <-ctx.Done()
				s.spawns = append(s.spawns, instr)
				s.spawnOf[instr] = "a send to a worker channel"
				break
			}
		}
	}
}

// isErrorValue reports whether v is an error: a handler's error sent on a
// channel (that main logs) hands none of the message over — the handling
// has finished.
func isErrorValue(v ssa.Value) bool {
	return types.Identical(v.Type(), types.Universe.Lookup("error").Type())
}

// groupGo describes a call that runs a function handling consumed data in
// a new goroutine (errgroup.Group.Go, ...), or returns "".
func (a *checker) groupGo(c *ssa.CallCommon, d map[ssa.Value]bool) string {
	obj, _ := consume.CalleeOf(c)
	if obj == nil {
		return ""
	}
	i := apis.GoroutineStartArg(apis.Describe(obj))
	if i < 0 {
		return ""
	}
	if !c.IsInvoke() && obj.Signature().Recv() != nil {
		i++ // the receiver is the first argument of a static method call
	}
	if i >= len(c.Args) || !d[c.Args[i]] {
		return ""
	}
	if f := consume.ClosureFunc(c.Args[i]); f != nil {
		if s := a.Summarize(a.LocalFunc(nil, f)); s.Durable == "" {
			return ""
		}
	}
	return a.Name(obj)
}

// isWait reports whether an instruction waits for other goroutines: a
// group's Wait, or a receive from a channel that does not carry messages.
func (a *checker) isWait(instr ssa.Instruction, d map[ssa.Value]bool) bool {
	switch instr := instr.(type) {
	case *ssa.Call:
		obj, _ := consume.CalleeOf(&instr.Call)
		return obj != nil && (a.waits.Match(obj) || obj.Name() == "Wait")
	case *ssa.UnOp:
		return instr.Op == token.ARROW && !a.IsMessageChan(instr.X)
	case *ssa.Select:
		if !instr.Blocking {
			return false
		}
		for _, st := range instr.States {
			if st.Dir != types.RecvOnly || a.IsMessageChan(st.Chan) {
				return false
			}
		}
		return len(instr.States) > 0
	}
	return false
}
