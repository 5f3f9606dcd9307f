package skipcommit

import (
	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/consume"
)

// handedLoop returns a call of this package that hands fn (a method
// value, a function, a literal) to a consume loop of the analysed code —
// in another package too — which runs it per message and commits the
// message after it returns (consume.RunsHandler), and that commit's
// chain; or nil. A handler that passes over its failure returns to that
// loop, which commits past it.
func (a *checker) handedLoop(fn *ssa.Function) (ssa.Instruction, string) {
	for _, f := range a.funcs {
		for _, b := range f.Blocks {
			for _, instr := range b.Instrs {
				ci, ok := instr.(ssa.CallInstruction)
				if !ok {
					continue
				}
				if _, deferred := instr.(*ssa.Defer); deferred {
					continue
				}
				for _, h := range a.HandedTo(ci.Common()) {
					if funcValue(h.Arg) == fn && h.Run.Redelivers() {
						return instr, consume.Chain(a.Name(h.Loop), h.Run.Commit)
					}
				}
			}
		}
	}
	return nil, ""
}
