package offsetorder

import (
	"fmt"

	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/report"
)

const fixText = "do the work and the processed_event row in one transaction, then commit the offset"

func (a *checker) reportEarlyCommit(c ssa.Instruction, via string, h ssa.Instruction, handler string) {
	a.r.Report(a.RangeOf(c), fmt.Sprintf(
		"offset committed by %s before %s (%s) handles the message: a SIGTERM in between loses the event for good, no redelivery comes; %s",
		via, handler, a.Where(h), fixText),
		report.Category("commit-before-work"), report.Related(a.RangeOf(h), "the work the commit overtakes"))
}

func (a *checker) reportFireAndForget(c ssa.Instruction, via string, g ssa.Instruction, spawn string) {
	a.r.Report(a.RangeOf(c), fmt.Sprintf(
		"offset committed by %s while %s (%s) may still be handling the message: a SIGTERM before it finishes loses the event; wait for it (g.Wait, a done channel) before committing, or %s",
		via, spawn, a.Where(g), fixText),
		report.Category("fire-and-forget"), report.Related(a.RangeOf(g), "the message is handed off here"))
}

func (a *checker) reportReadMessage(r ssa.Instruction, why string, h ssa.Instruction, handler string) {
	a.r.Report(a.RangeOf(r), fmt.Sprintf(
		"(*kafka.Reader).ReadMessage commits the offset as it returns (%s), before %s (%s) handles the message: a SIGTERM in between loses the event; use FetchMessage, do the work and the processed_event row in one transaction, then CommitMessages",
		why, handler, a.Where(h)),
		report.Category("readmessage"), report.Related(a.RangeOf(h), "the work ReadMessage's commit overtakes"))
}
