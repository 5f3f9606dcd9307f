package ctxcancel

import (
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/apis"
	"github.com/idemlint/idemlint/internal/calls"
	"github.com/idemlint/idemlint/internal/funcname"
	"github.com/idemlint/idemlint/internal/gate"
)

// A use case that calls a project interface (a port) implemented only in
// a package it does not import (the adapter, wired in main) cannot tell
// whether the call reaches a sink. Its summary records the call as a
// pending sink of kind port, naming the interface method; a package that
// sees an implementation (the adapter's own, or one importing it) resolves
// it when it meets the use case's summary: the chain then goes through the
// use case, the port and the implementation to the sink, and the fix site
// is the use case's call of the port.

// sinkPort is the kind of a pending sink: a call of a project interface
// method none of whose implementations is in sight.
const sinkPort apis.SinkKind = "port"

// pendingPortUse returns the pending use of an interface call whose
// implementations are not in sight, or nil.
func (s *state) pendingPortUse(instr ssa.CallInstruction, m *types.Func) []use {
	if !s.isPortMethod(m) {
		return nil
	}
	i := firstContextParam(m)
	common := instr.Common()
	if i < 0 || i >= len(common.Args) {
		return nil
	}
	gate, gateFn := s.claimGate(common)
	return []use{{instr: instr, arg: common.Args[i], argIdx: i, kind: sinkPort, chain: []string{funcname.Code(m, s.pass.Pkg)},
		port: true, portKey: portKey(m), portArg: i, gate: gate, gateFn: gateFn}}
}

// inAnalysedCode reports whether pkg belongs to the project of the
// analysed package (its module, or the same repository path), not to a
// library.
func (s *state) inAnalysedCode(pkg *types.Package) bool {
	if m := s.pass.Module; m != nil && m.Path != "" {
		return pkg.Path() == m.Path || strings.HasPrefix(pkg.Path(), m.Path+"/")
	}
	return projectRoot(pkg.Path()) == projectRoot(s.pass.Pkg.Path())
}

// projectRoot returns the repository part of an import path:
// "github.com/owner/repo" for a hosted path, the first element otherwise.
func projectRoot(path string) string {
	parts := strings.SplitN(path, "/", 4)
	if strings.Contains(parts[0], ".") && len(parts) >= 3 {
		return strings.Join(parts[:3], "/")
	}
	return parts[0]
}

// portKey names an interface method across packages: "path\x00Type\x00Method".
func portKey(m *types.Func) string {
	recv := m.Signature().Recv()
	if recv == nil {
		return ""
	}
	n, ok := types.Unalias(recv.Type()).(*types.Named)
	if !ok {
		return ""
	}
	return m.Pkg().Path() + "\x00" + n.Obj().Name() + "\x00" + m.Name()
}

// portMethod finds the interface method a key names among the packages
// this package imports.
func (s *state) portMethod(key string) *types.Func {
	parts := strings.Split(key, "\x00")
	if len(parts) != 3 {
		return nil
	}
	var found *types.Package
	seen := make(map[*types.Package]bool)
	var walk func(p *types.Package)
	walk = func(p *types.Package) {
		if p == nil || seen[p] || found != nil {
			return
		}
		seen[p] = true
		if p.Path() == parts[0] {
			found = p
			return
		}
		for _, imp := range p.Imports() {
			walk(imp)
		}
	}
	walk(s.pass.Pkg)
	if found == nil {
		return nil
	}
	tn, ok := found.Scope().Lookup(parts[1]).(*types.TypeName)
	if !ok {
		return nil
	}
	obj, _, _ := types.LookupFieldOrMethod(tn.Type(), false, found, parts[2])
	m, _ := obj.(*types.Func)
	return m
}

// portUses returns the uses a call of callee makes through the pending
// port ps of its summary: resolved to the implementations this package
// sees, or still pending.
func (s *state) portUses(instr ssa.CallInstruction, callee string, arg ssa.Value, ps ParamSink) []use {
	gate := ps.Gate
	if gate != "" && s.failureCommitsOffset(instr) {
		gate = "" // the unit's failure is committed past: no redelivery
	}
	pending := use{instr: instr, arg: arg, argIdx: ps.Param, kind: sinkPort, chain: append([]string{callee}, ps.Chain...),
		field: ps.Field, fix: ps.Fix, at: ps.At, portKey: ps.Port, portArg: ps.PortArg, gate: gate, gateFn: ps.GateFn}
	m := s.portMethod(ps.Port)
	if m == nil || s.layer == nil {
		return []use{pending}
	}
	impls := s.layer.Implementations(m)
	if len(impls) == 0 {
		return []use{pending}
	}
	shared := s.sharedSinks(impls)
	var out []use
	for _, is := range shared {
		if is.Param != ps.PortArg || is.Kind == string(sinkPort) || len(is.Chain) == 0 {
			continue
		}
		chain := append(append([]string{callee}, ps.Chain...), funcname.Code(impls[0], s.pass.Pkg))
		chain = append(chain, is.Chain...)
		if len(chain) > maxChain {
			chain = append(chain[:maxChain-1:maxChain-1], chain[len(chain)-1])
		}
		kind := s.dbtxAt(apis.SinkKind(is.Kind), instr)
		if plainKind(kind) == apis.SinkTx && s.gateHolds(gate, ps.GateFn, m) {
			kind = sinkGatedTx // an inbox claim through a port in the callback (portgate.go)
		}
		out = append(out, use{instr: instr, arg: arg, argIdx: ps.Param, kind: kind, chain: chain,
			timed: ps.Timed || is.Timed, field: ps.Field, fix: ps.Fix, at: ps.At})
	}
	if len(out) == 0 {
		return []use{pending}
	}
	return out
}

// projectPorts reports whether the package calls a method with a context
// parameter on an interface of its own project that may lead to a sink: a
// port with no implementation in sight (a pending sink, pendingPortUse),
// or one with an implementation of another package that has a
// ReachesSink fact (portUses, invokeUses). An implementation declared
// here needs no look: whatever makes it reach a sink (a sink, a function
// with the fact, a port of its own) is a use of this package that opens
// a gate itself. A statement runner shaped like sqlc's DBTX is no port
// (isPortMethod).
func projectPorts(pass *analysis.Pass) bool {
	if gate.Disabled {
		return true
	}
	s := &state{pass: pass}
	s.layer, _ = pass.ResultOf[calls.Analyzer].(*calls.Result)
	return gate.Uses(pass, func(fn *types.Func) bool {
		return isInterfaceMethod(fn) && s.isPortMethod(fn) && firstContextParam(fn) >= 0 && s.portOpens(fn)
	})
}

// portOpens reports whether a call of the port m may lead to a sink: none
// of its implementations is in sight (the sink stays pending), or one of
// another package has a ReachesSink fact.
func (s *state) portOpens(m *types.Func) bool {
	impls := s.layer.Implementations(m)
	if len(impls) == 0 {
		return true
	}
	for _, impl := range impls {
		if impl.Pkg() != s.pass.Pkg && s.pass.ImportObjectFact(impl, new(ReachesSink)) {
			return true
		}
	}
	return false
}

// isPortMethod reports whether m, an interface method, belongs to the
// analysed project and can stand for a sink: not a statement runner
// shaped like sqlc's DBTX (apis.IsSQLTextMethod), which runs one statement
// on whatever handle implements it and never commits or publishes.
func (s *state) isPortMethod(m *types.Func) bool {
	return m.Pkg() != nil && !apis.IsStdlib(m.Pkg().Path()) && s.inAnalysedCode(m.Pkg()) && !apis.IsSQLTextMethod(m)
}
