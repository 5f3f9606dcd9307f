package relaymark

import (
	"go/ast"
	"regexp"

	"github.com/idemlint/idemlint/internal/apis"
)

// inboxWords name the stores where a consumer records the inputs it has
// handled (an inbox, an idempotency or dedup store, processed events).
var inboxWords = regexp.MustCompile(`(?i)inbox|idempot|dedup|processed`)

// inputVerb matches the name of a method that records an input as
// handled in such a store (Mark, MarkProcessed, Save, Record, Store).
var inputVerb = regexp.MustCompile(`^(?i:mark|save|record|store|put|add|insert|set)`)

// InputMark reports whether call records a consumed input as handled in
// the analysed code's inbox or idempotency store (IdempotencyStore.Mark(ctx,
// eventID), inbox.MarkProcessed(ctx, id)), and returns the method's name:
// after it the input is never handled again, as after an offset commit.
// The store is known by its type's or package's name, the call by its verb
// and by an argument other than a context (the input's ID).
func (f *Finder) InputMark(call *ast.CallExpr) (string, bool) {
	fn := apis.Callee(f.info, call)
	if fn == nil || fn.Pkg() == nil || apis.IsStdlib(fn.Pkg().Path()) || isBrokerLibrary(fn) || moduleRoot(fn.Pkg().Path()) != f.root {
		return "", false
	}
	if !inputVerb.MatchString(fn.Name()) || failName.MatchString(fn.Name()) {
		return "", false
	}
	if !inboxWords.MatchString(owner(fn)) && !inboxWords.MatchString(fn.Pkg().Name()) && !inboxWords.MatchString(fn.Name()) {
		return "", false
	}
	for _, a := range call.Args {
		if t := f.info.TypeOf(a); t != nil && !apis.IsContext(t) {
			return fn.Name(), true
		}
	}
	return "", false
}
