package calls

import (
	"fmt"
	"strings"
)

// Summary is what a function does, seen from its callers. It is empty
// (and not exported) for most functions. Effects are listed by kind (net,
// publish, write, beginsTx, endsTx, calls), each kind in source order.
type Summary struct {
	Net     []string // the chain below the function to a network call; nil: none
	Publish []string // the chain below the function to a broker publish; nil: none
	Write   []string // the chain below the function to a durable database write; nil: none
	Read    []string // the chain below the function to a database read; nil: none
	Ack     []string // the chain below the function to an offset commit or a message ack; nil: none
	Begins  string   // where a transaction it returns held in a struct, or stores in its receiver, begins ("txm.go:52"); "": none
	Ends    []int    // the parameters (-1: the receiver) whose transaction it ends
	Calls   []Call   // the function parameters it calls
}

// A Call says that a function calls its function parameter Param.
type Call struct {
	Param int
	InTx  string // where the transaction it runs in begins ("store.go:25"); "": not in a transaction it began
	Go    bool   // in a goroutine
}

// AFact implements analysis.Fact.
func (*Summary) AFact() {}

// empty reports whether the summary says nothing.
func (s *Summary) empty() bool {
	return s == nil || s.Net == nil && s.Publish == nil && s.Write == nil && s.Read == nil && s.Ack == nil && s.Begins == "" && len(s.Ends) == 0 && len(s.Calls) == 0
}

// String returns the effects, e.g. "net(up.Ping → http.Get)",
// "write((*sql.DB).ExecContext)", "beginsTx; endsTx(recv)", "calls(p1 in tx)".
func (s *Summary) String() string {
	var parts []string
	for k := range numEffects {
		if c := s.Chain(k); c != nil {
			parts = append(parts, k.String()+"("+strings.Join(c, " → ")+")")
		}
	}
	if s.Begins != "" {
		parts = append(parts, "beginsTx")
	}
	if len(s.Ends) > 0 {
		var ps []string
		for _, p := range s.Ends {
			ps = append(ps, paramName(p))
		}
		parts = append(parts, "endsTx("+strings.Join(ps, ", ")+")")
	}
	for _, c := range s.Calls {
		p := "calls(" + paramName(c.Param)
		if c.InTx != "" {
			p += " in tx"
		}
		if c.Go {
			p += " in goroutine"
		}
		parts = append(parts, p+")")
	}
	return strings.Join(parts, "; ")
}

func paramName(i int) string {
	if i < 0 {
		return "recv"
	}
	return fmt.Sprintf("p%d", i)
}

// CallsOf returns the function parameters the summarised function calls
// (nil for a nil summary).
func (s *Summary) CallsOf() []Call {
	if s == nil {
		return nil
	}
	return s.Calls
}
