package checkthenact

import (
	"fmt"
	"strings"

	"github.com/idemlint/idemlint/internal/apis"
)

// KeyOps marks a function that reads, inserts or claims a key that one of
// its parameters (or its receiver) carries, and says what else it does
// that a check cannot take back: leave the process (a network call, a
// publish, running a handler) or write. Callers see the function as the
// library calls it makes.
type KeyOps struct {
	Ops    []KeyOp
	Leaves []string   // chain of the first call that leaves the process
	Writes []string   // chain of the first database or Redis write
	Locks  []string   // chain of the first lock (FOR UPDATE, advisory) or SERIALIZABLE
	Ports  []PortCall // ports reached whose implementation is out of sight (ports.go)
}

// A KeyOp is one read, insert or claim of a key by the function.
type KeyOp struct {
	Kind     apis.KeyCall
	Store    string     // "sql", "gorm" or "redis"
	Table    string     // "" for Redis
	Column   string     // the key column; "" for a whole GORM model (Path ends in "*")
	Keys     []string   // a read: every key column of its lookup
	Param    int        // the parameter carrying the key; -1 the receiver
	Path     []string   // fields and getters below the parameter; "*" last: every field of a GORM model
	Chain    []string   // calls down to the library call
	Uniques  [][]string // a GORM insert: the model's unique keys from its tags
	Locked   bool       // a read that locks (FOR UPDATE)
	Conflict bool       // an insert whose ON CONFLICT cannot fire on Column (no unique key covers it)
}

// AFact implements analysis.Fact.
func (*KeyOps) AFact() {}

// String returns "keyOps(read orders.idempotency_key of p1, ...; leaves: a → b)".
func (f *KeyOps) String() string {
	var parts []string
	for _, o := range f.Ops {
		parts = append(parts, o.String())
	}
	var groups []string
	if len(parts) > 0 {
		groups = append(groups, strings.Join(parts, ", "))
	}
	for _, e := range []struct {
		name  string
		chain []string
	}{{"leaves", f.Leaves}, {"writes", f.Writes}, {"locks", f.Locks}} {
		if len(e.chain) > 0 {
			groups = append(groups, e.name+": "+strings.Join(e.chain, " → "))
		}
	}
	for _, p := range f.Ports {
		groups = append(groups, "port: "+strings.Join(p.Chain, " → "))
	}
	return "keyOps(" + strings.Join(groups, "; ") + ")"
}

func (o KeyOp) String() string {
	kind := map[apis.KeyCall]string{apis.KeyRead: "read", apis.KeyWrite: "insert", apis.KeyClaim: "claim"}[o.Kind]
	what := o.Store
	if o.Table != "" {
		what = o.Table
		if o.Column != "" {
			what += "." + o.Column
		}
	}
	who := fmt.Sprintf("p%d", o.Param)
	if o.Param < 0 {
		who = "recv"
	}
	if len(o.Path) > 0 {
		who += "." + strings.Join(o.Path, ".")
	}
	return kind + " " + what + " of " + who
}

// empty reports whether the fact says nothing.
func (f *KeyOps) empty() bool {
	return f == nil || len(f.Ops) == 0 && len(f.Leaves) == 0 && len(f.Writes) == 0 && len(f.Locks) == 0 && len(f.Ports) == 0
}

// portsOnly reports whether the fact says only which ports the function
// reaches.
func (f *KeyOps) portsOnly() bool {
	return len(f.Ops) == 0 && len(f.Leaves) == 0 && len(f.Writes) == 0 && len(f.Locks) == 0
}

// Bounds on what a fact carries.
const (
	maxOps   = 64
	maxChain = 5
)

func clip(chain []string) []string {
	if len(chain) > maxChain {
		return chain[:maxChain]
	}
	return chain
}
