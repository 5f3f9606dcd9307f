package skipcommit

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/apis"
	"github.com/idemlint/idemlint/internal/consume"
)

// A loop is a natural loop of a function's CFG: its header and the blocks
// that go round to it.
type loop struct {
	header  *ssa.BasicBlock
	body    map[*ssa.BasicBlock]bool
	sources []ssa.Instruction // where a new message starts in the body
	kafka   bool              // a source is a Kafka message or record (offsets are cumulative)
}

// loops returns the natural loops of fn that take a new message each time
// round (message loops), outermost first. A loop whose body takes no new
// message (a retry loop round the handler) is not one.
func (a *checker) loops(fn *ssa.Function, d map[ssa.Value]bool) []*loop {
	byHeader := make(map[*ssa.BasicBlock]*loop)
	var order []*loop
	for _, t := range fn.Blocks {
		for _, h := range t.Succs {
			if !h.Dominates(t) {
				continue
			}
			l := byHeader[h]
			if l == nil {
				l = &loop{header: h, body: map[*ssa.BasicBlock]bool{h: true}}
				byHeader[h] = l
				order = append(order, l)
			}
			work := []*ssa.BasicBlock{t}
			for len(work) > 0 {
				b := work[len(work)-1]
				work = work[:len(work)-1]
				if l.body[b] {
					continue
				}
				l.body[b] = true
				work = append(work, b.Preds...)
			}
		}
	}
	var out []*loop
	for _, l := range order {
		for _, b := range fn.Blocks {
			if !l.body[b] {
				continue
			}
			for _, instr := range b.Instrs {
				if k, ok := a.source(instr, d); ok {
					l.sources = append(l.sources, instr)
					l.kafka = l.kafka || k
				}
			}
		}
		if len(l.sources) > 0 {
			out = append(out, l)
		}
	}
	// outermost first: a loop holding another's header encloses it
	for i := range out {
		for j := i + 1; j < len(out); j++ {
			if out[j].body[out[i].header] && !out[i].body[out[j].header] {
				out[i], out[j] = out[j], out[i]
			}
		}
	}
	return out
}

// source reports whether instr starts a new message: a fetch or a receive
// from a channel of messages, a call (a fetch helper, an iterator's Next)
// returning a message, or an element of a batch taken by a range loop;
// kafka tells whether it is a Kafka message or record.
func (a *checker) source(instr ssa.Instruction, d map[ssa.Value]bool) (kafka, ok bool) {
	v, isValue := instr.(ssa.Value)
	if a.IsFetch(instr) {
		if isValue {
			return isKafka(v), true
		}
		return true, true
	}
	if !isValue {
		return false, false
	}
	switch x := v.(type) {
	case *ssa.Call:
		if obj, _ := consume.CalleeOf(&x.Call); obj != nil && a.IsReceive(obj) {
			return isKafka(v), true
		}
	case *ssa.Extract:
		if _, ok := x.Tuple.(*ssa.Call); !ok {
			return false, false
		}
	case *ssa.Index:
		if !batch(x.X, d) {
			return false, false
		}
	case *ssa.IndexAddr:
		if !batch(x.X, d) {
			return false, false
		}
	case *ssa.Lookup:
		if !batch(x.X, d) {
			return false, false
		}
	case *ssa.UnOp:
		if x.Op != token.ARROW {
			return false, false
		}
		if apis.IsKafkaMessageType(x.X.Type()) {
			return isKafkaElem(x.X.Type()), true // a receive from a channel of messages
		}
	default:
		return false, false
	}
	if !apis.IsKafkaMessageType(v.Type()) {
		return false, false
	}
	return isKafka(v), true
}

// batch reports whether a collection indexed in a loop is consumed data
// (a batch of messages), not an array the code builds (variadic arguments).
func batch(x ssa.Value, d map[ssa.Value]bool) bool {
	switch x.(type) {
	case *ssa.Alloc, *ssa.Slice:
		if sl, ok := x.(*ssa.Slice); ok {
			if _, local := sl.X.(*ssa.Alloc); !local {
				return d[x]
			}
		}
		return false
	}
	return d[x]
}

// isKafka reports whether a message value is Kafka's (offsets are
// cumulative per partition) rather than a broker's (per-message acks).
func isKafka(v ssa.Value) bool {
	t := v.Type()
	if tu, ok := t.(*types.Tuple); ok && tu.Len() > 0 {
		t = tu.At(0).Type() // v, ok := <-ch
	}
	return apis.IsKafkaMessageType(t) && apis.RedeliveredValue(t) == ""
}

// isKafkaElem reports whether a channel's elements are Kafka's.
func isKafkaElem(t types.Type) bool {
	if ch, ok := t.Underlying().(*types.Chan); ok {
		t = ch.Elem()
	}
	return apis.IsKafkaMessageType(t) && apis.RedeliveredValue(t) == ""
}

// enclosing returns the message loops whose body holds b, outermost first.
func enclosing(ls []*loop, b *ssa.BasicBlock) []*loop {
	var out []*loop
	for _, l := range ls {
		if l.body[b] {
			out = append(out, l)
		}
	}
	return out
}
