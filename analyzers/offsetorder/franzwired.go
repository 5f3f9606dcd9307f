package offsetorder

import (
	"fmt"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/consume"
	"github.com/idemlint/idemlint/internal/report"
)

// A franz-go client built in main and handed to the consumer package's
// constructor (consumer.New(log, pool, cl, ...)): the consumer package
// polls it and handles the records but cannot see its options; main sees
// the options but not the poll. The consumer package exports, on the
// constructor, a FranzClientWired fact naming the poll and the work; the
// package calling the constructor reports the call if the client it
// passes is a default-autocommit group client (consume.FranzAutoCommits).

// FranzClientWired marks an exported function whose parameter Param (the
// receiver of a method is parameter 0) is a franz-go client that the
// package polls and whose records it then handles: default autocommit on
// that client commits them before the work.
type FranzClientWired struct {
	Param int
	Poll  string // the poll, "(*Runner).Run's (*kgo.Client).PollFetches (consumer.go:59)"
	Work  string // the work on the records after it, with its position
}

// AFact implements analysis.Fact.
func (*FranzClientWired) AFact() {}

func (f *FranzClientWired) String() string {
	return fmt.Sprintf("franzClientWired(%d: %s; %s)", f.Param, f.Poll, f.Work)
}

// wiredPoll exports the fact for a poll on the client wired's parameter
// param brings (the first such poll in source order).
func (a *checker) wiredPoll(wired *types.Func, param int, poll, work string) {
	if wired.Pkg() != a.Pass.Pkg {
		return
	}
	var f FranzClientWired
	if a.Pass.ImportObjectFact(wired, &f) {
		return
	}
	a.Pass.ExportObjectFact(wired, &FranzClientWired{Param: param, Poll: poll, Work: work})
}

// checkFranzWiring reports a call passing a default-autocommit group
// client to a function whose FranzClientWired fact says the client is
// polled before the work.
func (a *checker) checkFranzWiring(fn *ssa.Function) {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(*ssa.Call)
			if !ok || call.Call.IsInvoke() {
				continue
			}
			obj, _ := consume.CalleeOf(&call.Call)
			if obj == nil || obj.Pkg() == nil || obj.Pkg() == a.Pass.Pkg {
				continue // the package's own polls are judged where they are
			}
			var f FranzClientWired
			if !a.Pass.ImportObjectFact(obj.Origin(), &f) || f.Param >= len(call.Call.Args) {
				continue
			}
			if a.FranzAutoCommits(call.Call.Args[f.Param], a.funcs) != consume.Yes {
				continue
			}
			a.r.Report(a.RangeOf(call), fmt.Sprintf(
				"%s gets a group client with franz-go's default autocommit: %s is committed on a timer, a rebalance or Close, not after %s handles the records, so a failed or cut record is committed anyway; build it with kgo.AutoCommitMarks and mark records after the work",
				a.Name(obj), f.Poll, f.Work),
				report.Category("autocommit"))
		}
	}
}
