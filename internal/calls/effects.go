package calls

import (
	"go/ast"
	"go/types"
	"sync"

	"github.com/idemlint/idemlint/internal/apis"
	"github.com/idemlint/idemlint/internal/funcname"
)

// An Effect is a kind of effect a summary carries as a chain of calls
// down to a library call: one computation (bodyChain, callChain,
// funcChain) serves every kind, parameterised by the kind's table.
type Effect uint8

const (
	Net     Effect = iota // a network call: HTTP, gRPC (apis.NetworkCalls, -network-calls)
	Publish               // a publish to a message broker (apis.BrokerPublishes)
	Write                 // a durable database write: SQL INSERT/UPDATE/DELETE/MERGE, an ORM or document-store write (apis.DBWrites)
	Read                  // a database read: SQL that queries without writing, an ORM or document-store find (apis.DBReads)
	Ack                   // an offset commit or a message acknowledgement (apis.KafkaCommits)
	numEffects
)

func (k Effect) String() string {
	switch k {
	case Net:
		return "net"
	case Publish:
		return "publish"
	case Write:
		return "write"
	case Read:
		return "read"
	case Ack:
		return "ack"
	}
	return "?"
}

// defaultSets returns the library tables of the effects, the network
// calls extended by the -network-calls flag.
func defaultSets() [numEffects]*apis.Set {
	// Built once per value of the -network-calls flag and shared: every
	// package asks for them several times, and copying the tables for each
	// was a tenth of a run's CPU time on sqlc. Nobody modifies them.
	key := ExtraNetworkCalls.String()
	setsMu.Lock()
	defer setsMu.Unlock()
	if setsKey != key || setsCache[Net] == nil {
		setsCache = [numEffects]*apis.Set{
			Net:     ExtraNetworkCalls.AddTo(apis.NetworkCalls()),
			Publish: apis.BrokerPublishes(),
			Write:   apis.DBWrites(),
			Read:    apis.DBReads(),
			Ack:     apis.KafkaCommits(),
		}
		setsKey = key
		setsPaths = nil
		for _, set := range setsCache {
			setsPaths = append(setsPaths, set.Paths()...)
		}
	}
	return setsCache
}

// tablePaths returns the import paths of the functions of defaultSets
// (tableLibrary asks for every function summarised: listed once per
// value of the flag).
func tablePaths() []string {
	defaultSets()
	setsMu.Lock()
	defer setsMu.Unlock()
	return setsPaths
}

var (
	setsMu    sync.Mutex
	setsKey   string
	setsCache [numEffects]*apis.Set
	setsPaths []string
)

// effectPaths returns the libraries whose reach makes an effect of kind k
// possible: the table's, and for writes every database library (SQL text
// is classified by the statement, not by a table).
func effectPaths(k Effect, set *apis.Set) []string {
	ps := set.Paths()
	if k == Write || k == Read {
		ps = append(ps, apis.DBPaths...)
	}
	return ps
}

// chain returns the field of the summary that holds the chain of kind k.
func (s *Summary) chain(k Effect) *[]string {
	switch k {
	case Publish:
		return &s.Publish
	case Write:
		return &s.Write
	case Read:
		return &s.Read
	case Ack:
		return &s.Ack
	}
	return &s.Net
}

// Chain returns the chain of kind k of the summary (nil: none).
func (s *Summary) Chain(k Effect) []string {
	if s == nil {
		return nil
	}
	return *s.chain(k)
}

// FuncChain returns the chain of calls by which a call of fn has effect k,
// starting with fn itself: ["(*kafka.Writer).WriteMessages"] for a library
// call, ["events.(*Producer).Send", "(*kafka.Writer).WriteMessages"] for a
// function whose summary has the effect. It returns nil when it has none.
// SQL text is not seen here: a library statement call (Exec) is a write
// only at a call site whose SQL writes (CallChain).
func (r *Result) FuncChain(fn *types.Func, k Effect) []string {
	if r == nil || fn == nil || k >= numEffects {
		return nil
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.funcChain(fn, k)
}

// CallChain returns the chain by which call has effect k: the call itself
// (a library call of the kind's table; for writes, SQL text that writes),
// its callee (static, an interface method, or the function values a
// func-typed variable, field or map may hold), or a callback argument the
// callee calls. Function literals passed to the call are not looked into
// (see LitChain). It returns nil when the call has no such effect.
func (r *Result) CallChain(call *ast.CallExpr, k Effect) []string {
	if r == nil || call == nil || k >= numEffects {
		return nil
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.callChain(call, k)
}

// LitChain returns the chain of the first call with effect k in the body
// of a function literal (its goroutines and the literals it merely
// declares aside), or nil.
func (r *Result) LitChain(lit *ast.FuncLit, k Effect) []string {
	if r == nil || lit == nil || k >= numEffects {
		return nil
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.valueChain(funcValue{lit: lit}, k)
}

// NetChain is FuncChain(fn, Net).
func (r *Result) NetChain(fn *types.Func) []string { return r.FuncChain(fn, Net) }

// CallNet is CallChain(call, Net).
func (r *Result) CallNet(call *ast.CallExpr) []string { return r.CallChain(call, Net) }

// IsNetworkCall reports whether fn is a library network call of the table
// (extended by -network-calls).
func (r *Result) IsNetworkCall(fn *types.Func) bool {
	return r != nil && fn != nil && r.sets[Net].Match(fn.Origin())
}

func (r *Result) funcChain(fn *types.Func, k Effect) []string {
	if fn == nil {
		return nil
	}
	fn = fn.Origin()
	if r.sets[k].Match(fn) {
		return []string{funcname.Lib(fn, nil)}
	}
	s := r.summary(fn)
	if c := s.Chain(k); c != nil {
		return clip(append([]string{funcname.Code(fn, nil)}, c...))
	}
	return nil
}

// callChain is CallChain with mu held.
func (r *Result) callChain(call *ast.CallExpr, k Effect) []string {
	info := r.pass.TypesInfo
	if k == Write || k == Read {
		if c, decided := r.sqlEffect(call, k); decided {
			return c
		}
		if k == Write && r.outboxWrite(call) {
			return nil
		}
	}
	fn := apis.Callee(info, call)
	if c := r.funcChain(fn, k); c != nil {
		return c
	}
	if _, ok := ast.Unparen(call.Fun).(*ast.FuncLit); ok {
		return nil // func() {...}(): its body is the caller's (CallLits)
	}
	if fn == nil {
		for _, t := range r.targets(call.Fun) {
			if c := r.valueChain(t, k); c != nil {
				return c
			}
		}
		return nil
	}
	// A callback the callee calls: ConsumeTopic(ctx, r, s.process).
	s := r.summary(fn)
	if s == nil {
		return nil
	}
	for _, c := range s.Calls {
		if c.Go || c.Param >= len(call.Args) || !isFuncParam(fn, c.Param) {
			continue
		}
		arg := call.Args[c.Param]
		if _, ok := ast.Unparen(arg).(*ast.FuncLit); ok {
			continue // the caller's body holds it (CallLits)
		}
		for _, t := range r.values(arg) {
			if ch := r.valueChain(t, k); ch != nil {
				return clip(append([]string{funcname.Code(fn, nil)}, ch...))
			}
		}
	}
	return nil
}

// valueChain returns the chain of kind k of a function value: a named
// function or method, or a function literal.
func (r *Result) valueChain(v funcValue, k Effect) []string {
	if v.fn != nil {
		return r.funcChain(v.fn, k)
	}
	if v.lit == nil {
		return nil
	}
	if c, ok := r.lits[k][v.lit]; ok {
		return c // nil while it is being computed: a cycle
	}
	r.lits[k][v.lit] = nil
	c := r.bodyChain(v.lit.Body, k)
	r.lits[k][v.lit] = c
	return c
}

// bodyChain returns the chain of the first call of body with effect k, in
// source order. Calls in goroutines do not count; function literals count
// when they are called on the spot or passed to a call (retry.Do(func...)).
func (r *Result) bodyChain(body *ast.BlockStmt, k Effect) []string {
	var found []string
	var visit func(n ast.Node) bool
	visit = func(n ast.Node) bool {
		if found != nil {
			return false
		}
		switch n := n.(type) {
		case *ast.GoStmt, *ast.FuncLit:
			return false
		case *ast.CallExpr:
			if c := r.callChain(n, k); c != nil {
				found = c
				return false
			}
			for _, lit := range CallLits(n) {
				ast.Inspect(lit.Body, visit)
			}
		}
		return true
	}
	ast.Inspect(body, visit)
	return found
}
