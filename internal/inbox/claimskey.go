package inbox

import "go/types"

// ClaimsKey reports whether fn makes a claim and returns its outcome (the
// ClaimsKey fact): computed for a function of the package, imported for
// one of another. An analyzer that resolves a port to its implementation
// (an Inbox.Claim wired at the composition root) asks it of the
// implementation; false when the package's gate is closed (no database
// library or claim in reach).
func (r *Result) ClaimsKey(fn *types.Func) bool {
	return r != nil && r.u != nil && fn != nil && r.u.claimsKey(fn)
}
