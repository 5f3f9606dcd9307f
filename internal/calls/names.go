package calls

import (
	"go/types"

	"github.com/idemlint/idemlint/internal/apis"
)

// Name names a function of the analysed code the way messages show it:
// "payment.(*Client).Charge", "payment.Client.Charge", "payment.Charge".
func Name(fn *types.Func) string { return funcName(fn, false) }

// LibName names a library function the way messages show it:
// "(*http.Client).Do", "http.Get", "grpc.ClientConnInterface.Invoke".
func LibName(fn *types.Func) string { return funcName(fn, true) }

// funcName names fn; lib puts the package inside the pointer receiver's
// parentheses, as Go's own docs write library methods.
func funcName(fn *types.Func, lib bool) string {
	if fn == nil {
		return ""
	}
	pkg := ""
	if fn.Pkg() != nil {
		pkg = fn.Pkg().Name() + "."
	}
	recv := fn.Signature().Recv()
	if recv == nil {
		return pkg + fn.Name()
	}
	ptr, tn := recvName(recv.Type())
	switch {
	case tn == "":
		return pkg + fn.Name()
	case ptr && lib:
		return "(*" + pkg + tn + ")." + fn.Name()
	case ptr:
		return pkg + "(*" + tn + ")." + fn.Name()
	}
	return pkg + tn + "." + fn.Name()
}

func recvName(t types.Type) (ptr bool, name string) {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		return true, apis.TypeName(p.Elem())
	}
	return false, apis.TypeName(t)
}
