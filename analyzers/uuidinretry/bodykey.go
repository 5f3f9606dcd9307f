package uuidinretry

import (
	"go/ast"
	"go/types"
	"reflect"
	"strings"

	"github.com/idemlint/idemlint/internal/apis"
)

// A key carried in the request body. A helper that POSTs what it is given
// (c.post(ctx, "/internal/orders", update)) sets no Idempotency-Key header,
// but when the value it is given is a struct with a field that names a
// deduplication key — an idempotency key, a dedup ID, or an event ID the
// receiver stores under a unique index (ProviderEventID `json:
// "provider_event_id"`) — the retry is absorbed by the receiver: the key
// is in the body, not missing. The bound: the helper's arguments at the
// call in the attempt, a struct or a pointer to one, its own fields (not
// nested ones), by field name or json tag.

// carriesBodyKey reports whether an argument of call is a struct whose
// fields carry a deduplication key.
func (c *checker) carriesBodyKey(call *ast.CallExpr) bool {
	for _, a := range call.Args {
		t := c.pass.TypesInfo.TypeOf(a)
		if t == nil {
			continue
		}
		if p, ok := types.Unalias(t).(*types.Pointer); ok {
			t = p.Elem()
		}
		st, ok := t.Underlying().(*types.Struct)
		if !ok {
			continue
		}
		for i := range st.NumFields() {
			f := st.Field(i)
			if isBodyKeyName(f.Name()) || isBodyKeyName(jsonName(st.Tag(i))) {
				return true
			}
		}
	}
	return false
}

// isBodyKeyName reports whether a field name says it carries a key the
// receiver deduplicates on: an idempotency or dedup key, or an event ID.
func isBodyKeyName(name string) bool {
	if name == "" {
		return false
	}
	n := strings.NewReplacer("_", "", "-", "").Replace(strings.ToLower(name))
	return apis.IsDedupName(name) || strings.HasSuffix(n, "eventid")
}

// jsonName returns the name a struct tag gives the field in JSON, or "".
func jsonName(tag string) string {
	name, _, _ := strings.Cut(reflect.StructTag(tag).Get("json"), ",")
	return name
}
