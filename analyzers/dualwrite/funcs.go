package dualwrite

import (
	"go/types"
	"strings"

	"github.com/idemlint/idemlint/internal/funcname"
)

// funcName names a function of the analysed code for a message.
func funcName(fn *types.Func, from *types.Package) string { return funcname.Code(fn, from) }

// short shortens a chain for a message: its first and last calls.
func short(chain []string) string {
	if len(chain) > 2 {
		return chain[0] + " → … → " + chain[len(chain)-1]
	}
	return strings.Join(chain, " → ")
}
