package funcname_test

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"testing"

	"github.com/idemlint/idemlint/internal/funcname"
)

const src = `package payment

type Client struct{}

func (*Client) Charge() {}

func (Client) Refund() {}

func Pay() {}

type Box[T any] struct{}

func (*Box[T]) Put(T) {}

var _ = new(Box[int])
`

func TestNames(t *testing.T) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	pkg, err := (&types.Config{Importer: importer.Default()}).Check("example.com/payment", fset, []*ast.File{f}, nil)
	if err != nil {
		t.Fatal(err)
	}
	method := func(typ, name string) *types.Func {
		obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(pkg.Scope().Lookup(typ).Type()), false, pkg, name)
		return obj.(*types.Func)
	}
	pay := pkg.Scope().Lookup("Pay").(*types.Func)
	inst, err := types.Instantiate(nil, pkg.Scope().Lookup("Box").Type(), []types.Type{types.Typ[types.Int]}, true)
	if err != nil {
		t.Fatal(err)
	}
	put, _, _ := types.LookupFieldOrMethod(types.NewPointer(inst), false, pkg, "Put")
	other := types.NewPackage("example.com/other", "other")
	for _, c := range []struct {
		fn        *types.Func
		from      *types.Package
		code, lib string
	}{
		{method("Client", "Charge"), nil, "payment.(*Client).Charge", "(*payment.Client).Charge"},
		{method("Client", "Charge"), pkg, "(*Client).Charge", "(*Client).Charge"},
		{method("Client", "Refund"), other, "payment.Client.Refund", "payment.Client.Refund"},
		{method("Client", "Refund"), pkg, "Client.Refund", "Client.Refund"},
		{pay, nil, "payment.Pay", "payment.Pay"},
		{pay, pkg, "Pay", "Pay"},
		{put.(*types.Func), nil, "payment.(*Box).Put", "(*payment.Box).Put"},
		{nil, nil, "", ""},
	} {
		if got := funcname.Code(c.fn, c.from); got != c.code {
			t.Errorf("Code(%v) = %q, want %q", c.fn, got, c.code)
		}
		if got := funcname.Lib(c.fn, c.from); got != c.lib {
			t.Errorf("Lib(%v) = %q, want %q", c.fn, got, c.lib)
		}
	}
}
