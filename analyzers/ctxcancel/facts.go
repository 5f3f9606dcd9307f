package ctxcancel

import (
	"fmt"
	"strings"
)

// ReachesSink is the fact that a function hands one of its context
// parameters, unchanged or derived without cutting its cancellation, to a
// transaction commit or a Kafka publish.
type ReachesSink struct {
	Sinks []ParamSink
}

// A ParamSink says that context parameter Param (counted without the
// receiver) reaches a sink of Kind through Chain.
type ParamSink struct {
	Param int      // -1: the receiver
	Field int      // 1 + index of the field of the struct *Param that holds the context; 0: Param itself
	Kind  string   // "tx" or "publish"
	Chain []string // e.g. ["processOneBatch", "tx.Commit"]; the last element is the sink
	Timed bool     // a WithTimeout or WithDeadline is applied on the way
	// Where the fix goes: the function of the analysed code that hands the
	// context to the sink (or to a project interface that reaches it),
	// down the static calls, and the position of that call ("worker.go:210").
	Fix string
	At  string
	// A pending sink (Kind "port"): the interface method the context is
	// handed to ("path\x00Type\x00Method"), and which of its parameters.
	Port    string
	PortArg int
	// The claim port that gates the transaction the port Port runs its
	// callback GateFn in (portgate.go, calls.MethodKey); "" for none.
	Gate   string
	GateFn int
}

func (*ReachesSink) AFact() {}

func (f *ReachesSink) String() string {
	parts := make([]string, len(f.Sinks))
	for i, s := range f.Sinks {
		p := fmt.Sprintf("p%d", s.Param)
		if s.Param < 0 {
			p = "recv"
		}
		if s.Field > 0 {
			p += fmt.Sprintf(".f%d", s.Field-1)
		}
		parts[i] = p + ":" + strings.Join(s.Chain, "→")
		if s.Timed {
			parts[i] += "/timeout"
		}
		if s.Gate != "" {
			parts[i] += "/gate:" + s.Gate[strings.LastIndex(s.Gate, "/")+1:]
		}
	}
	return "reachesSink " + strings.Join(parts, " ")
}

// ReturnsDetached is the fact that result Result of a function is a context
// derived from context.WithoutCancel (company ctxutil.Detached helpers), and
// whether it carries a deadline.
type ReturnsDetached struct {
	Result   int
	Deadline bool
}

func (*ReturnsDetached) AFact() {}

func (f *ReturnsDetached) String() string {
	s := "returnsDetached"
	if f.Result != 0 {
		s += fmt.Sprintf(" r%d", f.Result)
	}
	if f.Deadline {
		s += "/deadline"
	}
	return s
}
