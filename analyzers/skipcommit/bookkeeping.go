package skipcommit

import (
	"go/types"
	"regexp"

	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/consume"
)

// Bookkeeping after the work. A consumer that records the message as
// processed (an inbox row's processed flag, an idempotency key in a
// cache) after the work succeeded loses nothing when that record fails
// and the loop moves on: the work is done, only the marker of a duplicate
// is missing. Such a call is not a handler whose failure is reported
// when an earlier handler of the same iteration, which it follows on
// every path, did the work.
//
// A call is a marker by its name (markProcessed, SetProcessed,
// saveIdempotencyKey) or by what it is given: a field named for an
// idempotency or dedup key (message.IKey, ev.IdempotencyKey).

var (
	markerName = regexp.MustCompile(`(?i)^(mark|set|flag|save|store|record|remember|put|add)\w*(processed|handled|consumed|done|complete|idempot|dedup|ikey|seen)`)
	markerKey  = regexp.MustCompile(`(?i)^(i_?key|idem(potency)?_?key|dedup(lication)?_?(key|id))$`)
)

// bookkeeping returns the handlers of hs that only record the message as
// processed after another handler of hs did the work.
func bookkeeping(hs []*ssa.Call) map[*ssa.Call]bool {
	var out map[*ssa.Call]bool
	for _, h := range hs {
		if !isMarker(h) {
			continue
		}
		for _, w := range hs {
			if w != h && !isMarker(w) && runsBefore(w, h) {
				if out == nil {
					out = make(map[*ssa.Call]bool)
				}
				out[h] = true
				break
			}
		}
	}
	return out
}

// isMarker reports whether a call records a message as processed.
func isMarker(call *ssa.Call) bool {
	if obj, _ := consume.CalleeOf(&call.Call); obj != nil && markerName.MatchString(obj.Name()) {
		return true
	}
	for _, arg := range call.Call.Args {
		if f := fieldName(arg); f != "" && markerKey.MatchString(f) {
			return true
		}
	}
	return false
}

// fieldName returns the name of the struct field v reads, or "".
func fieldName(v ssa.Value) string {
	switch x := v.(type) {
	case *ssa.Field:
		return structField(x.X.Type(), x.Field)
	case *ssa.UnOp:
		if fa, ok := x.X.(*ssa.FieldAddr); ok {
			if p, ok := fa.X.Type().Underlying().(*types.Pointer); ok {
				return structField(p.Elem(), fa.Field)
			}
		}
	}
	return ""
}

func structField(t types.Type, i int) string {
	st, ok := t.Underlying().(*types.Struct)
	if !ok || i >= st.NumFields() {
		return ""
	}
	return st.Field(i).Name()
}

// runsBefore reports whether w runs before h on every path to h.
func runsBefore(w, h *ssa.Call) bool {
	wb, hb := w.Block(), h.Block()
	if wb == nil || hb == nil {
		return false
	}
	if wb == hb {
		for _, instr := range wb.Instrs {
			switch instr {
			case w:
				return true
			case h:
				return false
			}
		}
		return false
	}
	return wb.Dominates(hb)
}
