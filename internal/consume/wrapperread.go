package consume

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/apis"
)

// A project hides kafka-go behind a Reader of its own: a wrapper method
// calls (*kafka.Reader).ReadMessage on a group reader and returns the
// message, or its own copy of it. ReadMessage commits the offset as it
// returns, so a call of the wrapper commits as it returns too, and what
// it returns is consumed data. CommitsOnRead records that of the wrapper
// for its callers, in the package or another (through the project's
// interface over it when every implementation in sight is such a
// wrapper).
//
// A function commits on read when its body calls an autocommit read of
// the tables (ReadMessage) on a reader known to have a GroupID (its
// NewReader config here, or the package's ReaderConfig literals set one)
// and returns a value derived from what the read returned. A function
// that handles the message itself (a consume loop) returns none of it and
// is no wrapper.
//
// Work: one scan per function with a body; DerivedFrom of each read.

// CommitsOnRead marks a function that reads a message from a kafka-go
// group reader and returns it: the offset is committed as it returns.
type CommitsOnRead struct {
	Why string // why the reader commits: "the package's ReaderConfig has a GroupID"
}

// AFact implements analysis.Fact.
func (*CommitsOnRead) AFact() {}

func (f *CommitsOnRead) String() string { return "commitsOnRead(" + f.Why + ")" }

var autoCommitReads = apis.KafkaAutoCommitReads()

// commitsOnRead computes the CommitsOnRead record of fn (nil: none).
func (a *Checker) commitsOnRead(fn *ssa.Function) *CommitsOnRead {
	if fn.Signature.Results().Len() == 0 {
		return nil
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(*ssa.Call)
			if !ok {
				continue
			}
			obj, _ := CalleeOf(&call.Call)
			if obj == nil || !autoCommitReads.Match(a.LibOf(obj)) || len(call.Call.Args) == 0 {
				continue
			}
			why := a.groupReaderWhy(call.Call.Args[0])
			if why == "" || !returnsDerived(fn, readMessage(call)) {
				continue
			}
			return &CommitsOnRead{Why: why}
		}
	}
	return nil
}

// groupReaderWhy says why a reader commits as it reads: a GroupID in its
// config here or in the package's ReaderConfigs; "" when it does not, or
// the config is not visible.
func (a *Checker) groupReaderWhy(reader ssa.Value) string {
	switch a.LocalGroupID(reader) {
	case Yes:
		return "the reader has a GroupID"
	case No:
		return ""
	}
	if a.PkgGroupID().WithGroup {
		return "the package's ReaderConfig has a GroupID"
	}
	return ""
}

// readMessage returns the values carrying the message a read returns
// (not its error).
func readMessage(call *ssa.Call) map[ssa.Value]bool {
	if _, tuple := call.Type().(*types.Tuple); !tuple {
		return DerivedFrom(call)
	}
	d := make(map[ssa.Value]bool)
	for _, ref := range *call.Referrers() {
		if x, ok := ref.(*ssa.Extract); ok && x.Index == 0 {
			for v := range DerivedFrom(x) {
				d[v] = true
			}
		}
	}
	return d
}

var errorType = types.Universe.Lookup("error").Type()

// returnsDerived reports whether a return of fn gives back a value of d
// other than an error.
func returnsDerived(fn *ssa.Function, d map[ssa.Value]bool) bool {
	for _, b := range fn.Blocks {
		if len(b.Instrs) == 0 {
			continue
		}
		if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok {
			for _, v := range ret.Results {
				if d[v] && !types.Identical(v.Type(), errorType) { // a handler's error is no message
					return true
				}
			}
		}
	}
	return false
}

// computeReads records the CommitsOnRead summaries of the package's
// declared functions and exports those whose facts can leave the package.
func (r *Result) computeReads() {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, fn := range r.ssa.SrcFuncs {
		obj, _ := fn.Object().(*types.Func)
		if obj == nil || fn.Parent() != nil || len(fn.Blocks) == 0 {
			continue
		}
		f := r.own.commitsOnRead(fn)
		if f == nil {
			continue
		}
		if r.reads == nil {
			r.reads = make(map[*types.Func]*CommitsOnRead)
		}
		r.reads[obj] = f
		if obj.Exported() || obj.Signature().Recv() != nil {
			r.pass.ExportObjectFact(obj, f)
		}
	}
}

// funcCommitsOnRead returns the CommitsOnRead record of a declared
// function: computed for this package's, its fact for another's.
func (r *Result) funcCommitsOnRead(obj *types.Func) *CommitsOnRead {
	if r == nil || obj == nil {
		return nil
	}
	obj = obj.Origin()
	if obj.Pkg() == r.pass.Pkg {
		return r.reads[obj]
	}
	if obj.Pkg() == nil || IgnoredPath(obj.Pkg().Path()) {
		return nil
	}
	var fact CommitsOnRead
	if r.pass.ImportObjectFact(obj, &fact) {
		return &fact
	}
	return nil
}

// WrapperRead returns why a call commits the message it returns when it
// calls a wrapper over a group reader's ReadMessage (CommitsOnRead): a
// function with the record, or a method of the project's interface every
// implementation in sight of which has it; "" otherwise.
func (a *Checker) WrapperRead(c *ssa.CallCommon) string {
	r := a.shared
	if r == nil || a.layer == nil {
		return ""
	}
	obj, _ := CalleeOf(c)
	if obj == nil {
		return ""
	}
	if !c.IsInvoke() {
		if f := r.funcCommitsOnRead(obj); f != nil {
			return f.Why
		}
		return ""
	}
	impls := a.layer.Implementations(obj)
	why := ""
	for _, impl := range impls {
		f := r.funcCommitsOnRead(impl)
		if f == nil {
			return ""
		}
		why = f.Why
	}
	return why
}
