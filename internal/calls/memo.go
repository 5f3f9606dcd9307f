package calls

import "go/types"

// memo holds summaries computed once per function, for Result and
// Derived alike. Cycles are cut conservatively: while a function's
// summary is being computed, asking for it again gives the zero S.
type memo[S any] struct {
	sums    map[*types.Func]S
	started map[*types.Func]bool
}

func newMemo[S any]() memo[S] {
	return memo[S]{sums: make(map[*types.Func]S), started: make(map[*types.Func]bool)}
}

func (m memo[S]) get(fn *types.Func, compute func(*types.Func) S) S {
	if s, ok := m.sums[fn]; ok {
		return s
	}
	if m.started[fn] {
		var zero S
		return zero
	}
	m.started[fn] = true
	s := compute(fn)
	m.sums[fn] = s
	return s
}
