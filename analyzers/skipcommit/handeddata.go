package skipcommit

import (
	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/consume"
)

// A loop may hand a handler only data taken from the message — the
// delivery's Body, the record's Value — and ack or commit the message
// after the handler returns: for d := range msgs { settle(d.Body);
// d.Ack(false) }. The handler's parameter carries the message's data as
// surely as the delivery would: its failures are judged as those of a
// handler given the message (a return without an error passes over them,
// and the caller acks).

// handedData returns the values of fn that carry consumed data its callers
// in the package give it: the parameters a call site passes data derived
// from a message, and what is computed from them; or nil.
func (a *checker) handedData(fn *ssa.Function) map[ssa.Value]bool {
	var seeds []ssa.Value
	for _, site := range a.callersOf(fn) {
		caller := site.Parent()
		if caller == nil || caller == fn {
			continue
		}
		d := a.derivedOf(caller)
		args := site.Call.Args
		off := len(fn.Params) - len(args) // a method value called through a parameter: the receiver is bound
		if off < 0 || off > 1 {
			continue
		}
		for i, arg := range args {
			if d[arg] {
				seeds = append(seeds, fn.Params[i+off])
			}
		}
	}
	if len(seeds) == 0 {
		return nil
	}
	d := make(map[ssa.Value]bool, len(seeds))
	for _, p := range seeds {
		d[p] = true
	}
	consume.Propagate(d, seeds)
	delete(d, nil)
	return d
}

// derivedOf returns the consumed data of fn (consume's Derived), cached.
func (a *checker) derivedOf(fn *ssa.Function) map[ssa.Value]bool {
	d, ok := a.derived[fn]
	if !ok {
		d = a.Derived(fn)
		a.derived[fn] = d
	}
	return d
}
