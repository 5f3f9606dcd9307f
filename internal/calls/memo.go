package calls

// memo holds summaries computed once per function, for Result, Derived
// (keyed by *types.Func) and SSADerived (keyed by *ssa.Function) alike.
// Cycles are cut conservatively: while a function's summary is being
// computed, asking for it again gives the zero S.
type memo[K comparable, S any] struct {
	sums    map[K]S
	started map[K]bool
}

func newMemo[K comparable, S any]() memo[K, S] {
	return memo[K, S]{sums: make(map[K]S), started: make(map[K]bool)}
}

func (m memo[K, S]) get(fn K, compute func(K) S) S {
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

// reset forgets every summary (what they were computed from has changed).
// It must not be called while one is being computed.
func (m memo[K, S]) reset() {
	clear(m.sums)
	clear(m.started)
}
