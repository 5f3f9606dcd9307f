package skipcommit

import (
	"golang.org/x/tools/go/ssa"
)

// Work that takes none of the message's data. A per-message handler may
// call the database or a service without the message's data: it picks
// any free courier, then marks that courier busy, and only then records
// the assignment for the message's order. When such a call fails and the
// handler passes over the failure (returns without an error to a loop
// that commits after it), the message is lost as surely as when a call
// given its data fails: its work was still to be done.
//
// The same call after the message's work is done is housekeeping (a
// cache flush, a counter): its failure loses no part of the message. So
// an unkeyed call — a call doing durable work (consume's DurableVia), none
// of whose operands carries the message's data — is judged as a handler
// only
//
//   - in a function that handles one message given to it (a parameter or
//     a captured variable carries the message) and holds no message loop
//     of its own: in a loop, a call before the fetch would have no message
//     to lose;
//   - when no call that works with the message's data runs before it on
//     every path (bookkeeping.go's runsBefore): the message's work has not
//     begun;
//   - when it is not a processed marker (bookkeeping.go).

// unkeyedWork returns the unkeyed calls of the function (see above) to be
// judged as handlers, given the keyed handlers.
func unkeyedWork(s *funcState, keyed, unkeyed []*ssa.Call) []*ssa.Call {
	if len(unkeyed) == 0 || len(s.loops) > 0 || !givenMessage(s) {
		return nil
	}
	var out []*ssa.Call
	for _, u := range unkeyed {
		if isMarker(u) {
			continue
		}
		after := false
		for _, k := range keyed {
			if runsBefore(k, u) {
				after = true // housekeeping after the message's work
				break
			}
		}
		if !after {
			out = append(out, u)
		}
	}
	return out
}

// givenMessage reports whether a parameter or captured variable of the
// function carries the consumed message.
func givenMessage(s *funcState) bool {
	for _, p := range s.fn.Params {
		if s.d[p] {
			return true
		}
	}
	for _, fv := range s.fn.FreeVars {
		if s.d[fv] {
			return true
		}
	}
	return false
}
