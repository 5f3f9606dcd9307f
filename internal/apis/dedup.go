package apis

import (
	"go/types"
)

// dedupClaims claim an event or key in a dedup table inside the caller's
// transaction and report whether the claim is new (idemlint's idem/dedup).
var dedupClaims = NewSet(
	Func{Path: "github.com/idemlint/idemlint/idem/dedup", Name: "Claim"},
	Func{Path: "github.com/idemlint/idemlint/idem/dedup", Name: "ClaimReturning"},
)

// IsDedupClaim reports whether fn is a library dedup claim: it records a
// stable ID in a dedup table in the given transaction and reports whether
// the ID was new.
func IsDedupClaim(fn *types.Func) bool { return fn != nil && dedupClaims.Match(fn) }

// CarriesTx reports whether a value of type t may be or hold a
// transaction: a transaction type, an interface shaped like sqlc's DBTX
// (a transaction may be behind it), or a struct (or pointer to one) with
// such a field, depth levels deep (sqlc's Queries, a repository holding it).
func CarriesTx(t types.Type, depth int) bool {
	if t == nil {
		return false
	}
	if IsTx(t) {
		return true
	}
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	switch u := t.Underlying().(type) {
	case *types.Interface:
		for i := range u.NumMethods() {
			if IsDBTXMethod(u.Method(i)) {
				return true
			}
		}
	case *types.Struct:
		if depth == 0 {
			return false
		}
		for i := range u.NumFields() {
			if CarriesTx(u.Field(i).Type(), depth-1) {
				return true
			}
		}
	}
	return false
}

// DedupPaths returns the import paths of the library dedup claims, for
// gates.
func DedupPaths() []string { return dedupClaims.Paths() }
