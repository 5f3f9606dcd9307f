// Package funcname is the one formatter of function names in idemlint's
// messages and fact chains.
//
// A function of the analysed code is written with the package outside
// the receiver, "payment.(*Client).Charge" (Code); a library function is
// written as Go's documentation writes it, with the package inside the
// pointer receiver's parentheses, "(*http.Client).Do" (Lib). Both leave
// the package out when it is the one a message is about.
package funcname

import (
	"go/types"

	"github.com/idemlint/idemlint/internal/apis"
)

// Code names fn as a function of the analysed code: "payment.Charge",
// "payment.(*Client).Charge", "payment.Client.Charge". The package
// qualifier is left out when fn belongs to from (which may be nil):
// "(*Client).Charge", "Client.Charge", "Charge". Generic instances are
// named by their origin.
func Code(fn *types.Func, from *types.Package) string { return name(fn, from, false) }

// Lib names fn as a library function: "http.Get", "(*http.Client).Do",
// "sarama.ConsumerGroupSession.MarkMessage"; the package is left out when
// fn belongs to from (which may be nil).
func Lib(fn *types.Func, from *types.Package) string { return name(fn, from, true) }

func name(fn *types.Func, from *types.Package, lib bool) string {
	if fn == nil {
		return ""
	}
	fn = fn.Origin()
	qual := ""
	if fn.Pkg() != nil && fn.Pkg() != from {
		qual = fn.Pkg().Name() + "."
	}
	recv := fn.Signature().Recv()
	if recv == nil {
		return qual + fn.Name()
	}
	t := recv.Type()
	ptr := false
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t, ptr = p.Elem(), true
	}
	tn := apis.TypeName(t)
	switch {
	case tn == "":
		return qual + fn.Name()
	case ptr && lib:
		return "(*" + qual + tn + ")." + fn.Name()
	case ptr:
		return qual + "(*" + tn + ")." + fn.Name()
	}
	return qual + tn + "." + fn.Name()
}
