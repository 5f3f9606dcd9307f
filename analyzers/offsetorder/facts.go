package offsetorder

import (
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// CommitsOffset marks a function that commits (or marks for commit) Kafka
// offsets when called: a call of it is an offset commit.
type CommitsOffset struct {
	Via string // the chain to the library call, e.g. "commit → (*kafka.Reader).CommitMessages"
}

// AFact implements analysis.Fact.
func (*CommitsOffset) AFact() {}

func (f *CommitsOffset) String() string { return "commitsOffset(" + f.Via + ")" }

// DurableWork marks a function that does work a consumed message must not
// be committed before: an SQL statement or transaction commit, a network
// call, a produce, or a call of a handler through an interface or function value.
type DurableWork struct {
	Via string // the chain to the call doing the work
}

// AFact implements analysis.Fact.
func (*DurableWork) AFact() {}

func (f *DurableWork) String() string { return "durableWork(" + f.Via + ")" }

// summary is what a function of the package does when called: the chains
// to an offset commit and to durable work ("" for none).
type summary struct {
	commit  string
	durable string
	started bool
}

type funcKey = *ssa.Function

// summarize computes (once) the summary of a function of this package.
// A function still being summarized (recursion) counts as doing nothing.
func (a *checker) summarize(fn *ssa.Function) *summary {
	if fn == nil {
		return &summary{}
	}
	if o := fn.Origin(); o != nil {
		fn = o
	}
	if s, ok := a.memo[fn]; ok {
		return s
	}
	s := &summary{started: true}
	a.memo[fn] = s
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			ci, ok := instr.(ssa.CallInstruction)
			if !ok {
				continue
			}
			c := ci.Common()
			if _, isGo := instr.(*ssa.Go); !isGo && s.commit == "" {
				s.commit = a.commitVia(c)
			}
			if s.durable == "" {
				s.durable = a.durableVia(c)
			}
		}
		if s.commit != "" && s.durable != "" {
			break
		}
	}
	s.started = false
	return s
}

// exportFacts exports the facts of the package's named functions.
func (a *checker) exportFacts(funcs []*ssa.Function) {
	for _, fn := range funcs {
		obj, ok := fn.Object().(*types.Func)
		if !ok || obj == nil || fn.Parent() != nil {
			continue
		}
		if !obj.Exported() && obj.Signature().Recv() == nil {
			continue // facts of other unexported functions never leave the package
		}
		s := a.summarize(fn)
		if s.commit != "" {
			a.pass.ExportObjectFact(obj, &CommitsOffset{Via: s.commit})
		}
		if s.durable != "" {
			a.pass.ExportObjectFact(obj, &DurableWork{Via: s.durable})
		}
	}
}

// chain joins a caller's name to the chain of its callee, keeping it short.
func chain(name, rest string) string {
	parts := strings.Split(rest, " → ")
	if len(parts) > 2 {
		parts = []string{parts[0], "…", parts[len(parts)-1]}
	}
	return name + " → " + strings.Join(parts, " → ")
}
