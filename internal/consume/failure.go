package consume

import (
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// What runs after an offset commit without being work on the message:
// the commit's own error handling (the branch taken when the commit
// fails) and observability (a project's logger or metrics interface).
// Error returns need nothing here: returning is not a call.

// InCommitFailure reports whether instruction i runs only when commit c
// failed: it lies in the branch of `if err != nil` on c's error result.
// There the message was handled already (or never will be by this
// iteration); logging, counting or dead-lettering the failed commit is
// the commit's own error handling.
func InCommitFailure(c, i ssa.Instruction) bool {
	f := CommitFailureBlock(c)
	return f != nil && i.Block() != nil && f.Dominates(i.Block())
}

// CommitFailureBlock returns the block entered only when the commit's
// error result is not nil, or nil.
func CommitFailureBlock(c ssa.Instruction) *ssa.BasicBlock {
	call, ok := c.(*ssa.Call)
	if !ok {
		return nil
	}
	errv := ErrorResult(call)
	if errv == nil || errv.Referrers() == nil {
		return nil
	}
	for _, ref := range *errv.Referrers() {
		cmp, ok := ref.(*ssa.BinOp)
		if !ok || (cmp.Op != token.NEQ && cmp.Op != token.EQL) || !comparesWithNil(cmp) {
			continue
		}
		for _, use := range *cmp.Referrers() {
			branch, ok := use.(*ssa.If)
			if !ok || len(branch.Block().Succs) != 2 {
				continue
			}
			f := branch.Block().Succs[0] // err != nil: the then branch
			if cmp.Op == token.EQL {
				f = branch.Block().Succs[1]
			}
			if len(f.Preds) == 1 {
				return f
			}
		}
	}
	return nil
}

// ErrorResult returns the value of a call's error result (the call itself
// or the Extract of its last result), or nil.
func ErrorResult(call *ssa.Call) ssa.Value {
	res := call.Call.Signature().Results()
	if res.Len() == 0 || !isErrorType(res.At(res.Len()-1).Type()) {
		return nil
	}
	if res.Len() == 1 {
		return call
	}
	for _, ref := range *call.Referrers() {
		if ex, ok := ref.(*ssa.Extract); ok && ex.Index == res.Len()-1 {
			return ex
		}
	}
	return nil
}

func isErrorType(t types.Type) bool {
	return types.Identical(t, types.Universe.Lookup("error").Type())
}

func comparesWithNil(b *ssa.BinOp) bool {
	for _, v := range []ssa.Value{b.X, b.Y} {
		if k, ok := v.(*ssa.Const); ok && k.IsNil() {
			return true
		}
	}
	return false
}

// Observability reports whether an interface method belongs to a
// project's logger or metrics recorder rather than to a handler: a
// logging method name (Errorw, Infof, With, ...), or a receiver type named
// like a logger or a metrics recorder (Logger, Metrics, StatsRecorder).
func Observability(m *types.Func) bool {
	name := m.Name()
	if logMethods[name] || sugarLogMethods[name] {
		return true
	}
	recv := m.Signature().Recv()
	if recv == nil {
		return false
	}
	t := recv.Type()
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return false
	}
	tn := strings.ToLower(n.Obj().Name())
	for _, w := range observabilityTypeWords {
		if strings.Contains(tn, w) {
			return true
		}
	}
	return false
}

// sugarLogMethods are key-value logging methods (zap's SugaredLogger and
// the project loggers shaped like it) and logger derivations.
var sugarLogMethods = map[string]bool{
	"Debugw": true, "Infow": true, "Warnw": true, "Errorw": true, "DPanicw": true, "Fatalw": true,
	"Debugln": true, "Infoln": true, "Warnln": true, "Errorln": true,
	"With": true, "WithField": true, "WithFields": true, "WithError": true, "Named": true,
}

// observabilityTypeWords are words in the name of a logger or metrics type.
var observabilityTypeWords = []string{
	"logger", "logging", "metric", "meter", "telemetry", "tracer", "recorder", "instrument",
	"monitor", "stats", "counter", "gauge", "histogram",
}
