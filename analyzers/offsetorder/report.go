package offsetorder

import (
	"fmt"

	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/report"
)

// fixText is the remedy, ending with how the message is settled.
func fixText(s settled) string {
	return "do the work and the processed_event row in one transaction, then " + s.settle
}

func (a *checker) reportEarlyCommit(c ssa.Instruction, via string, h ssa.Instruction, handler string) {
	s := a.settledBy(c)
	a.r.Report(a.RangeOf(c), fmt.Sprintf(
		"%s by %s before %s (%s) handles the message: a SIGTERM in between loses %s for good, %s; %s",
		s.done, via, handler, a.Where(h), s.what, s.gone, fixText(s)),
		report.Category("commit-before-work"), report.Related(a.RangeOf(h), "the work the commit overtakes"))
}

func (a *checker) reportFireAndForget(c ssa.Instruction, via string, g ssa.Instruction, spawn string) {
	s := a.settledBy(c)
	a.r.Report(a.RangeOf(c), fmt.Sprintf(
		"%s by %s while %s (%s) may still be handling the message: a SIGTERM before it finishes loses %s; wait for it (g.Wait, a done channel) before that, or %s",
		s.done, via, spawn, a.Where(g), s.what, fixText(s)),
		report.Category("fire-and-forget"), report.Related(a.RangeOf(g), "the message is handed off here"))
}

func (a *checker) reportReadMessage(r ssa.Instruction, read, why string, h ssa.Instruction, handler string) {
	a.r.Report(a.RangeOf(r), fmt.Sprintf(
		"%s commits the offset as it returns (%s), before %s (%s) handles the message: a SIGTERM in between loses the event; use FetchMessage, do the work and the processed_event row in one transaction, then CommitMessages",
		read, why, handler, a.Where(h)),
		report.Category("readmessage"), report.Related(a.RangeOf(h), "the work ReadMessage's commit overtakes"))
}
