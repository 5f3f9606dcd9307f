package offsetorder

import (
	"fmt"
	"go/token"
	"path/filepath"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/report"
)

const fixText = "do the work and the processed_event row in one transaction, then commit the offset"

func (a *checker) reportEarlyCommit(c ssa.Instruction, via string, h ssa.Instruction, handler string) {
	a.r.Report(a.rangeOf(c), fmt.Sprintf(
		"offset committed by %s before %s (%s) handles the message: a SIGTERM in between loses the event for good, no redelivery comes; %s",
		via, handler, a.where(h), fixText),
		report.Category("commit-before-work"), report.Related(a.rangeOf(h), "the work the commit overtakes"))
}

func (a *checker) reportFireAndForget(c ssa.Instruction, via string, g ssa.Instruction, spawn string) {
	a.r.Report(a.rangeOf(c), fmt.Sprintf(
		"offset committed by %s while %s (%s) may still be handling the message: a SIGTERM before it finishes loses the event; wait for it (g.Wait, a done channel) before committing, or %s",
		via, spawn, a.where(g), fixText),
		report.Category("fire-and-forget"), report.Related(a.rangeOf(g), "the message is handed off here"))
}

func (a *checker) reportReadMessage(r ssa.Instruction, why string, h ssa.Instruction, handler string) {
	a.r.Report(a.rangeOf(r), fmt.Sprintf(
		"(*kafka.Reader).ReadMessage commits the offset as it returns (%s), before %s (%s) handles the message: a SIGTERM in between loses the event; use FetchMessage, do the work and the processed_event row in one transaction, then CommitMessages",
		why, handler, a.where(h)),
		report.Category("readmessage"), report.Related(a.rangeOf(h), "the work ReadMessage's commit overtakes"))
}

// where renders an instruction's position as "file.go:42".
func (a *checker) where(instr ssa.Instruction) string {
	p := a.pass.Fset.Position(instr.Pos())
	if !p.IsValid() {
		return "unknown position"
	}
	return fmt.Sprintf("%s:%d", filepath.Base(p.Filename), p.Line)
}

// rangeOf returns the call expression of a call instruction, or its position.
func (a *checker) rangeOf(instr ssa.Instruction) analysis.Range {
	if ce := a.callExpr(instr.Pos()); ce != nil {
		return ce
	}
	return posRange(instr.Pos())
}

type posRange token.Pos

func (p posRange) Pos() token.Pos { return token.Pos(p) }
func (p posRange) End() token.Pos { return token.Pos(p) }
