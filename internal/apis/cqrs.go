package apis

import (
	"go/types"
	"regexp"
)

// watermill's CQRS component runs typed handlers on the messages of a
// router: the handler receives the decoded event or command
// (func(ctx context.Context, event *T) error, or the Handle method of an
// EventHandler, GroupEventHandler or CommandHandler implementation) and
// the router acks the message only when it returns nil. An error, or a
// crash before the ack, redelivers the message and the handler runs again:
// it is called once per delivery, like a func(*message.Message) handler.
const watermillCQRS = "github.com/ThreeDotsLabs/watermill/components/cqrs"

// cqrsHandlerCtors wrap a typed handler function into a handler the
// processors add to the router; the value is the argument index of the
// function.
var cqrsHandlerCtors = map[Func]int{
	{Path: watermillCQRS, Name: "NewEventHandler"}:      1, // NewEventHandler(name, func(ctx, *T) error)
	{Path: watermillCQRS, Name: "NewCommandHandler"}:    1, // NewCommandHandler(name, func(ctx, *T) error)
	{Path: watermillCQRS, Name: "NewGroupEventHandler"}: 0, // NewGroupEventHandler(func(ctx, *T) error)
}

// CQRSHandlerArg returns the argument index of the typed handler function
// that fn (watermill's cqrs.NewEventHandler, NewCommandHandler,
// NewGroupEventHandler) wraps for the router, or -1.
func CQRSHandlerArg(fn *types.Func) int {
	if fn == nil {
		return -1
	}
	if i, ok := cqrsHandlerCtors[Describe(fn)]; ok {
		return i
	}
	return -1
}

// cqrsHandlerIfaces are the handler interfaces whose Handle method the
// router calls once per delivery.
var cqrsHandlerIfaces = []string{"EventHandler", "GroupEventHandler", "CommandHandler"}

// CQRSPackage returns watermill's cqrs package when pkg imports it, or nil.
func CQRSPackage(pkg *types.Package) *types.Package {
	for _, p := range pkg.Imports() {
		if NormPath(p.Path()) == watermillCQRS {
			return p
		}
	}
	return nil
}

// ImplementsCQRSHandler reports whether t or *t implements one of
// watermill's cqrs handler interfaces (declared in cqrs, a package pkg
// imports): its Handle method is run once per delivery.
func ImplementsCQRSHandler(cqrs *types.Package, t types.Type) bool {
	if cqrs == nil {
		return false
	}
	for _, name := range cqrsHandlerIfaces {
		tn, ok := cqrs.Scope().Lookup(name).(*types.TypeName)
		if !ok {
			continue
		}
		iface, ok := tn.Type().Underlying().(*types.Interface)
		if !ok {
			continue
		}
		if types.Implements(t, iface) || types.Implements(types.NewPointer(t), iface) {
			return true
		}
	}
	return false
}

// IsCQRSHandlerFunc reports whether fn, declared in a package that uses
// watermill's cqrs component, has the exact shape cqrs.NewEventHandler and
// NewCommandHandler take — func(ctx context.Context, event *T) error, T a
// named struct (the event or command), not named like a request — and is
// exported. Such functions
// (the methods of a process manager, a command handler's Handle) are
// registered by the package wiring the router, usually another one, whose
// registration their own package's analysis cannot see: the shape and the
// import stand for it.
func IsCQRSHandlerFunc(fn *types.Func) bool {
	if fn == nil || fn.Pkg() == nil || !fn.Exported() || CQRSPackage(fn.Pkg()) == nil {
		return false
	}
	sig := fn.Signature()
	if sig.Params().Len() != 2 || sig.Results().Len() != 1 || sig.Variadic() {
		return false
	}
	if !isContext(sig.Params().At(0).Type()) || !isError(sig.Results().At(0).Type()) {
		return false
	}
	ptr, ok := types.Unalias(sig.Params().At(1).Type()).(*types.Pointer)
	if !ok {
		return false
	}
	n, ok := types.Unalias(ptr.Elem()).(*types.Named)
	if !ok || n.Obj().Pkg() == nil || NormPath(n.Obj().Pkg().Path()) == watermillCQRS {
		return false
	}
	_, ok = n.Underlying().(*types.Struct)
	return ok && !requestName.MatchString(n.Obj().Name())
}

// requestName matches the names of the types an HTTP or RPC side takes
// (PlaceOrderRequest, CreateUserInput, SearchParams): a service method of
// the handler's shape that takes one, in a package that holds the command
// bus, serves a client request and is no typed handler of a delivery.
var requestName = regexp.MustCompile(`(Request|Req|Input|Params|DTO|Dto|Form|Query)$`)
