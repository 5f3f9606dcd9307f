// Package consume knows consume loops for the analyzers that judge them
// (offsetorder, skipcommit): which calls receive a message, commit its
// offset or acknowledge it, and do durable work with it, through the
// project's helpers, interfaces and function values; which values of a
// function carry consumed data; and the paths of its control flow.
//
// The Analyzer of this package computes the summaries (Summary: does a
// call of the function commit an offset, does it do durable work) once per
// package and exports them as its CommitsOffset and DurableWork facts; its
// Result gives each analyzer that judges consumers a Checker, which holds
// that analyzer's own caches and asks the Result for every summary: those
// of the package's functions (computed once, whichever analyzer asks
// first) and those of other packages' functions (their facts).
package consume

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"path/filepath"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/apis"
	"github.com/idemlint/idemlint/internal/calls"
)

// Config holds what the flags (ExtraCommits, ExtraHandlers) add to the tables.
type Config struct {
	ExtraCommits  []apis.Func // offset commit functions
	ExtraHandlers []apis.Func // functions doing durable work with a message
}

// Checker holds the state of one analyzer's pass over a package. Its
// caches are its own; summaries come from the Result it was made by
// (shared), except in that Result's own Checker, which computes them
// (sums) under the Result's lock.
type Checker struct {
	Pass        *analysis.Pass
	shared      *Result                    // nil in the Result's own Checker
	factPass    *analysis.Pass             // the consume Analyzer's pass, which owns the facts
	sums        *calls.SSADerived[Summary] // the Result's own Checker only; made on first use
	commits     *apis.Set
	durable     *apis.Set
	receives    *apis.Set
	calls       map[token.Pos]*ast.CallExpr // by Lparen, built on first use
	layer       *calls.Result
	kafka       *apis.Set                   // every Kafka call of the tables, for interface resolution
	libs        map[*types.Func]*types.Func // interface method → the library call it stands for (nil: none)
	readerGroup *GroupIDState               // package-wide ReaderConfig knowledge, built on first use
	franzOff    *bool                       // a franz-go option turning autocommit off is used, computed on first use
	wrappers    map[*types.Named]types.Type // message wrapper interface → the message type it wraps (nil: none); wrapper.go
}

// newChecker returns a Checker for pass; layer (the call layer's result)
// may be nil.
func newChecker(pass *analysis.Pass, layer *calls.Result, cfg Config) *Checker {
	durable := apis.DBStatements()
	for _, s := range []*apis.Set{apis.TxCommits(), apis.NetworkCalls(), apis.KafkaProduces()} {
		durable.AddSet(s)
	}
	durable.Add(cfg.ExtraHandlers...)
	kafka := apis.KafkaCommits()
	kafka.Add(cfg.ExtraCommits...)
	for _, s := range []*apis.Set{apis.KafkaReceives(), apis.KafkaFetches(), apis.KafkaAutoCommitReads()} {
		kafka.AddSet(s)
	}
	for _, s := range []*apis.Set{apis.RedisListPops(), apis.RedisListMoves(), apis.RedisListRemoves()} {
		kafka.AddSet(s)
	}
	commits := apis.KafkaCommits()
	commits.Add(cfg.ExtraCommits...)
	commits.AddSet(apis.RedisListRemoves()) // LRem of a processing list's entry (see CommitVia)
	receives := apis.KafkaReceives()
	receives.AddSet(apis.RedisListPops())  // a popped list entry is consumed data; the pop is its ack (offsetorder's listpop.go)
	receives.AddSet(apis.RedisListMoves()) // an entry moved into a processing list, acked by its LRem
	return &Checker{
		Pass:     pass,
		factPass: pass,
		layer:    layer,
		kafka:    kafka,
		libs:     make(map[*types.Func]*types.Func),
		commits:  commits,
		durable:  durable,
		receives: receives,
	}
}

// IsReceive reports whether fn (resolved with LibOf) receives a message.
func (a *Checker) IsReceive(fn *types.Func) bool {
	return fn != nil && a.receives.Match(a.LibOf(fn))
}

// CallExpr returns the call expression whose '(' is at lparen, or nil.
func (a *Checker) CallExpr(lparen token.Pos) *ast.CallExpr {
	if a.calls == nil {
		a.calls = make(map[token.Pos]*ast.CallExpr)
		a.Inspect(func(n ast.Node) {
			if c, ok := n.(*ast.CallExpr); ok {
				a.calls[c.Lparen] = c
			}
		})
	}
	return a.calls[lparen]
}

// Inspect calls f for every node of the package's files, in preorder.
func (a *Checker) Inspect(f func(ast.Node)) {
	for _, file := range a.Pass.Files {
		ast.Inspect(file, func(n ast.Node) bool {
			if n != nil {
				f(n)
			}
			return true
		})
	}
}

// LibOf returns the Kafka library call that a call of fn makes: fn itself,
// or, for a method of the project's own interface (a Reader wrapping
// kafka-go), the library method every implementation in sight is, or the
// one the method mirrors (see calls.Result.StandsFor).
func (a *Checker) LibOf(fn *types.Func) *types.Func {
	if fn == nil || a.layer == nil || a.kafka.Match(fn) {
		return fn
	}
	recv := fn.Signature().Recv()
	if recv == nil || !types.IsInterface(recv.Type()) {
		return fn
	}
	lib, ok := a.libs[fn]
	if !ok {
		lib = a.layer.StandsFor(fn, a.kafka)
		a.libs[fn] = lib
	}
	if lib == nil {
		return fn
	}
	return lib
}

// Where renders an instruction's position as "file.go:42".
func (a *Checker) Where(instr ssa.Instruction) string {
	return a.WherePos(instr.Pos())
}

// WherePos renders a position as "file.go:42".
func (a *Checker) WherePos(pos token.Pos) string {
	p := a.Pass.Fset.Position(pos)
	if !p.IsValid() {
		return "unknown position"
	}
	return fmt.Sprintf("%s:%d", filepath.Base(p.Filename), p.Line)
}

// RangeOf returns the call expression of a call instruction, or its position.
func (a *Checker) RangeOf(instr ssa.Instruction) analysis.Range {
	if ce := a.CallExpr(instr.Pos()); ce != nil {
		return ce
	}
	return PosRange(instr.Pos())
}

// PosRange is a position as an analysis.Range.
type PosRange token.Pos

// Pos implements analysis.Range.
func (p PosRange) Pos() token.Pos { return token.Pos(p) }

// End implements analysis.Range.
func (p PosRange) End() token.Pos { return token.Pos(p) }
