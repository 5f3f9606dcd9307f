package apis

import (
	"go/ast"
	"go/constant"
	"go/types"
	"strings"
)

// fasthttp and fiber's HTTP client (fiber v2's Agent wraps a
// fasthttp.Request). A request's method is set on its header
// (req.Header.SetMethod("POST")) or by the constructor of the agent
// (fiber.Post(url)); it is sent by fasthttp's Do family or by the agent's
// Bytes, String or Struct (Parse only prepares it).

const (
	fasthttpPath = "github.com/valyala/fasthttp"
	fiberPath    = "github.com/gofiber/fiber" // v2, normalized
)

// fastHTTPSends send a fasthttp request.
var fastHTTPSends = NewSet(
	Func{Path: fasthttpPath, Name: "Do"},
	Func{Path: fasthttpPath, Name: "DoTimeout"},
	Func{Path: fasthttpPath, Name: "DoDeadline"},
	Func{Path: fasthttpPath, Name: "DoRedirects"},
	Func{Path: fasthttpPath, Recv: "Client", Name: "Do"},
	Func{Path: fasthttpPath, Recv: "Client", Name: "DoTimeout"},
	Func{Path: fasthttpPath, Recv: "Client", Name: "DoDeadline"},
	Func{Path: fasthttpPath, Recv: "Client", Name: "DoRedirects"},
	Func{Path: fasthttpPath, Recv: "HostClient", Name: "Do"},
	Func{Path: fasthttpPath, Recv: "HostClient", Name: "DoTimeout"},
	Func{Path: fasthttpPath, Recv: "HostClient", Name: "DoDeadline"},
	Func{Path: fasthttpPath, Recv: "HostClient", Name: "DoRedirects"},
	Func{Path: fiberPath, Recv: "Agent", Name: "Bytes"},
	Func{Path: fiberPath, Recv: "Agent", Name: "String"},
	Func{Path: fiberPath, Recv: "Agent", Name: "Struct"},
)

func init() { networkCalls.AddSet(fastHTTPSends) }

// FastHTTPSend reports whether call sends a fasthttp request (fasthttp's
// Do family, a fiber Agent's Bytes, String or Struct).
func FastHTTPSend(info *types.Info, call *ast.CallExpr) bool {
	fn := Callee(info, call)
	return fn != nil && fastHTTPSends.Match(fn)
}

// FastHTTPMethod returns the HTTP method call sets on a fasthttp request:
// (*fasthttp.RequestHeader).SetMethod with a constant, or fiber's
// agent constructors named for a method (fiber.Post(url)); "" otherwise.
func FastHTTPMethod(info *types.Info, call *ast.CallExpr) string {
	fn := Callee(info, call)
	if fn == nil {
		return ""
	}
	d := Describe(fn)
	switch {
	case d.Path == fasthttpPath && d.Recv == "RequestHeader" && d.Name == "SetMethod" && len(call.Args) == 1:
		if tv, ok := info.Types[call.Args[0]]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
			return strings.ToUpper(constant.StringVal(tv.Value))
		}
	case d.Path == fiberPath && d.Recv == "":
		switch d.Name {
		case "Post", "Put", "Patch", "Get", "Delete", "Head":
			return strings.ToUpper(d.Name)
		}
	}
	return ""
}
