package apis

import "go/types"

// errorConstructors make a new, non-nil error value.
var errorConstructors = NewSet(
	Func{Path: "errors", Name: "New"},
	Func{Path: "fmt", Name: "Errorf"},
	Func{Path: "github.com/pkg/errors", Name: "New"},
	Func{Path: "github.com/pkg/errors", Name: "Errorf"},
)

// IsErrorConstructor reports whether fn always returns a new, non-nil
// error (errors.New, fmt.Errorf, pkg/errors' New and Errorf).
func IsErrorConstructor(fn *types.Func) bool {
	return errorConstructors.Match(fn)
}
