package lossypublish

import (
	"go/ast"
	"strings"

	"github.com/idemlint/idemlint/internal/calls"
)

// A consumer that publishes its output and then commits the input's
// offset (or acknowledges it, or records it in its inbox) marks the input
// handled as a relay marks a row published: after a lossy publish, the
// output the broker dropped is lost and the input is never handled again.
// Only lossy publishes count here: one message per call on a batching
// writer is a relay's throughput finding, not a consumer's.

// markKind says what a mark records.
type markKind uint8

const (
	rowMark    markKind = iota // a relayed row published (UPDATE, DELETE, MarkPublished, GORM Updates)
	inputMark                  // a consumed input handled in an inbox or idempotency store
	commitMark                 // a consumed input's offset committed or its message acknowledged
)

// verb is the start of the message for a publish followed by the mark.
func (k markKind) verb() string {
	switch k {
	case inputMark:
		return "the consumer records its input handled"
	case commitMark:
		return "the consumer commits its input"
	}
	return "relay marks rows published"
}

// inputMarksIn returns the calls of body (callbacks included, goroutines
// not) that mark a consumed input handled, in source order: offset
// commits and acknowledgements (the call layer's Ack effect, through the
// analysed code's wrappers) and inbox marks.
func (c *checker) inputMarksIn(body ast.Node) []mark {
	var out []mark
	inspectEvaluated(body, func(n ast.Node) {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return
		}
		if chain := c.calls.CallChain(call, calls.Ack); chain != nil {
			out = append(out, mark{call: call, what: strings.Join(chain, " → "), kind: commitMark})
		} else if what, ok := c.marks.InputMark(call); ok {
			out = append(out, mark{call: call, what: what, kind: inputMark})
		}
	})
	return out
}

// anyLossy reports whether one of sites is a lossy publish.
func anyLossy(sites []*site) bool {
	for _, s := range sites {
		if s.lossy {
			return true
		}
	}
	return false
}

// earlier returns the mark of a and b that comes first (either may be nil).
func earlier(a, b *mark) *mark {
	if a == nil || b != nil && b.call.Pos() < a.call.Pos() {
		return b
	}
	return a
}
