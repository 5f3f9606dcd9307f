package uuidinretry

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/ast/inspector"

	"github.com/idemlint/idemlint/internal/apis"
	"github.com/idemlint/idemlint/internal/funcname"
)

// watermill's CQRS component calls typed handlers once per delivery
// (internal/apis/cqrs.go): the router acks the message only when the
// handler returns nil, so an error, or a crash before the ack, runs the
// handler again. A process manager's handler that sends a command with
// an idempotency key made by uuid.NewString sends a new key on every
// redelivery, and the service behind the command does the work twice.
//
// A handler is known by its registration in the package
// (cqrs.NewEventHandler, NewCommandHandler, NewGroupEventHandler: the
// function, method value or literal given), by a Handle method of a type
// implementing cqrs.EventHandler, GroupEventHandler or CommandHandler,
// or, since handlers are usually registered by another package, by the
// exact shape those constructors take in a package using cqrs (an
// exported func(ctx context.Context, event *T) error). The package's
// functions a handler calls are scanned too (a rollback helper sending
// one command per ticket): they run once per delivery as well.

// maxHelperDepth bounds how far below a handler its helpers are scanned.
const maxHelperDepth = 3

func cqrsDelivery(where string) attempt {
	at := deliveryAttempt("watermill cqrs handler " + where)
	at.helpers = true
	return at
}

// checkCQRSRegistration scans the typed handler call registers with
// watermill's cqrs component, when the package declares it.
func (c *checker) checkCQRSRegistration(cur inspector.Cursor, call *ast.CallExpr) {
	fn := apis.Callee(c.pass.TypesInfo, call)
	i := apis.CQRSHandlerArg(fn)
	if i < 0 || i >= len(call.Args) {
		return
	}
	c.scanHandler(cur, call.Args[i], cqrsDelivery, "registered with "+funcname.Code(fn, nil))
}

// checkCQRSHandlerDecl scans fd when it is a cqrs handler by its shape or
// its receiver: see above.
func (c *checker) checkCQRSHandlerDecl(cqrs *types.Package, fd *ast.FuncDecl) {
	if fd.Body == nil || c.gatedHandler(fd.Body) {
		return
	}
	fn, ok := c.pass.TypesInfo.Defs[fd.Name].(*types.Func)
	if !ok {
		return
	}
	handler := apis.IsCQRSHandlerFunc(fn)
	if !handler && fn.Name() == "Handle" {
		if recv := fn.Signature().Recv(); recv != nil {
			t := recv.Type()
			if p, ok := types.Unalias(t).(*types.Pointer); ok {
				t = p.Elem()
			}
			handler = apis.ImplementsCQRSHandler(cqrs, t)
		}
	}
	if !handler {
		return
	}
	if bc, ok := c.findNode(fd.Body); ok {
		c.scanAttempt(bc, cqrsDelivery(funcname.Code(fn, c.pass.Pkg)))
	}
}

// scanHelper scans, as part of the attempt at, the body of the function
// of the package that call calls statically, for identifiers made fresh.
func (c *checker) scanHelper(call *ast.CallExpr, at attempt) {
	if at.depth >= maxHelperDepth {
		return
	}
	fn := apis.Callee(c.pass.TypesInfo, call)
	if fn == nil || fn.Pkg() != c.pass.Pkg {
		return
	}
	fd := c.sums.Decl(fn)
	if fd == nil || fd.Body == nil || c.gatedHandler(fd.Body) {
		return
	}
	bc, ok := c.findNode(fd.Body)
	if !ok {
		return
	}
	at.depth++
	at.where = at.where[:len(at.where)-1] + " → " + funcname.Code(fn, c.pass.Pkg) + ")"
	c.scanAttempt(bc, at)
}
