package apis

import (
	"go/ast"
	"go/constant"
	"go/types"
	"strings"
)

// Outgoing HTTP request construction: the index of the method argument.
var requestBuilders = map[Func]int{
	{Path: "net/http", Name: "NewRequest"}:                                         0,
	{Path: "net/http", Name: "NewRequestWithContext"}:                              1,
	{Path: "github.com/hashicorp/go-retryablehttp", Name: "NewRequest"}:            0,
	{Path: "github.com/hashicorp/go-retryablehttp", Name: "NewRequestWithContext"}: 1,
}

// Calls that send a write request without a request object the caller
// could have put a header on: http.Post, (*http.Client).PostForm, ...
var headerlessWrites = NewSet(
	Func{Path: "net/http", Name: "Post"},
	Func{Path: "net/http", Name: "PostForm"},
	Func{Path: "net/http", Recv: "Client", Name: "Post"},
	Func{Path: "net/http", Recv: "Client", Name: "PostForm"},
	Func{Path: "github.com/hashicorp/go-retryablehttp", Name: "Post"},
	Func{Path: "github.com/hashicorp/go-retryablehttp", Name: "PostForm"},
	Func{Path: "github.com/hashicorp/go-retryablehttp", Recv: "Client", Name: "Post"},
	Func{Path: "github.com/hashicorp/go-retryablehttp", Recv: "Client", Name: "PostForm"},
)

// networkCalls perform a network round trip (HTTP or gRPC).
var networkCalls = NewSet(
	Func{Path: "net/http", Recv: "Client", Name: "Do"},
	Func{Path: "net/http", Recv: "Client", Name: "Get"},
	Func{Path: "net/http", Recv: "Client", Name: "Post"},
	Func{Path: "net/http", Recv: "Client", Name: "PostForm"},
	Func{Path: "net/http", Recv: "Client", Name: "Head"},
	Func{Path: "net/http", Name: "Get"},
	Func{Path: "net/http", Name: "Post"},
	Func{Path: "net/http", Name: "PostForm"},
	Func{Path: "net/http", Name: "Head"},
	Func{Path: "net/http", Recv: "Transport", Name: "RoundTrip"},
	Func{Path: "net/http", Recv: "RoundTripper", Name: "RoundTrip"},
	Func{Path: "github.com/hashicorp/go-retryablehttp", Recv: "Client", Name: "Do"},
	Func{Path: "github.com/hashicorp/go-retryablehttp", Recv: "Client", Name: "Get"},
	Func{Path: "github.com/hashicorp/go-retryablehttp", Recv: "Client", Name: "Post"},
	Func{Path: "github.com/hashicorp/go-retryablehttp", Recv: "Client", Name: "PostForm"},
	Func{Path: "github.com/hashicorp/go-retryablehttp", Recv: "Client", Name: "Head"},
	Func{Path: "github.com/hashicorp/go-retryablehttp", Name: "Get"},
	Func{Path: "github.com/hashicorp/go-retryablehttp", Name: "Post"},
	Func{Path: "github.com/hashicorp/go-retryablehttp", Name: "PostForm"},
	Func{Path: "github.com/hashicorp/go-retryablehttp", Name: "Head"},
	Func{Path: "github.com/hashicorp/go-retryablehttp", Recv: "RoundTripper", Name: "RoundTrip"},
	Func{Path: "github.com/go-resty/resty", Recv: "Request", Name: "Execute"},
	Func{Path: "github.com/go-resty/resty", Recv: "Request", Name: "Send"},
	Func{Path: "github.com/go-resty/resty", Recv: "Request", Name: "Get"},
	Func{Path: "github.com/go-resty/resty", Recv: "Request", Name: "Post"},
	Func{Path: "github.com/go-resty/resty", Recv: "Request", Name: "Put"},
	Func{Path: "github.com/go-resty/resty", Recv: "Request", Name: "Patch"},
	Func{Path: "github.com/go-resty/resty", Recv: "Request", Name: "Delete"},
	Func{Path: "github.com/go-resty/resty", Recv: "Request", Name: "Head"},
	Func{Path: "github.com/go-resty/resty", Recv: "Request", Name: "Options"},
	// resty v3 lives at resty.dev/v3 (normalized: resty.dev).
	Func{Path: "resty.dev", Recv: "Request", Name: "Execute"},
	Func{Path: "resty.dev", Recv: "Request", Name: "Send"},
	Func{Path: "resty.dev", Recv: "Request", Name: "Get"},
	Func{Path: "resty.dev", Recv: "Request", Name: "Post"},
	Func{Path: "resty.dev", Recv: "Request", Name: "Put"},
	Func{Path: "resty.dev", Recv: "Request", Name: "Patch"},
	Func{Path: "resty.dev", Recv: "Request", Name: "Delete"},
	Func{Path: "resty.dev", Recv: "Request", Name: "Head"},
	Func{Path: "resty.dev", Recv: "Request", Name: "Options"},
	Func{Path: "resty.dev", Recv: "Request", Name: "Trace"},
	Func{Path: "google.golang.org/grpc", Recv: "ClientConn", Name: "Invoke"},
	Func{Path: "google.golang.org/grpc", Recv: "ClientConn", Name: "NewStream"},
	Func{Path: "google.golang.org/grpc", Recv: "ClientConnInterface", Name: "Invoke"},
	Func{Path: "google.golang.org/grpc", Recv: "ClientConnInterface", Name: "NewStream"},
)

// NetworkCalls returns the default set of network calls; configuration may extend a clone.
func NetworkCalls() *Set { return networkCalls.Clone() }

// retryingClientPaths are HTTP clients that retry every request they send.
var retryingClientPaths = []string{"github.com/hashicorp/go-retryablehttp"}

// A RequestBuild describes an outgoing HTTP request built by a call.
type RequestBuild struct {
	Method   string // upper case, "" when not constant
	Retrying bool   // built for a retrying client (go-retryablehttp)
}

// restyWrites send a state-changing request built by resty (v2 and v3);
// the header is set on the request before.
var restyWrites = NewSet(
	Func{Path: "github.com/go-resty/resty", Recv: "Request", Name: "Post"},
	Func{Path: "github.com/go-resty/resty", Recv: "Request", Name: "Put"},
	Func{Path: "github.com/go-resty/resty", Recv: "Request", Name: "Patch"},
	Func{Path: "resty.dev", Recv: "Request", Name: "Post"},
	Func{Path: "resty.dev", Recv: "Request", Name: "Put"},
	Func{Path: "resty.dev", Recv: "Request", Name: "Patch"},
)

// RestyWrite reports whether call sends a POST, PUT or PATCH through a
// resty request (req.Post(url), client.R().SetBody(b).Put(url)).
func RestyWrite(info *types.Info, call *ast.CallExpr) (RequestBuild, bool) {
	fn := Callee(info, call)
	if fn == nil || !restyWrites.Match(fn) {
		return RequestBuild{}, false
	}
	return RequestBuild{Method: strings.ToUpper(fn.Name())}, true
}

// IsWriteMethod reports whether an HTTP method changes state on the server.
func IsWriteMethod(m string) bool {
	switch strings.ToUpper(m) {
	case "POST", "PUT", "PATCH":
		return true
	}
	return false
}

// RequestBuilt reports whether call builds an outgoing HTTP request
// (http.NewRequest and its retryablehttp twin), and with which method.
func RequestBuilt(info *types.Info, call *ast.CallExpr) (RequestBuild, bool) {
	fn := Callee(info, call)
	if fn == nil {
		return RequestBuild{}, false
	}
	d := Describe(fn)
	idx, ok := requestBuilders[d]
	if !ok || idx >= len(call.Args) {
		return RequestBuild{}, false
	}
	rb := RequestBuild{Retrying: isRetryingClientPath(d.Path)}
	if tv, ok := info.Types[call.Args[idx]]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
		rb.Method = strings.ToUpper(constant.StringVal(tv.Value))
	}
	return rb, true
}

// HeaderlessWrite reports whether call sends a POST through a convenience
// function that takes no request object (http.Post, client.PostForm, ...).
func HeaderlessWrite(info *types.Info, call *ast.CallExpr) (RequestBuild, bool) {
	fn := Callee(info, call)
	if fn == nil || !headerlessWrites.Match(fn) {
		return RequestBuild{}, false
	}
	return RequestBuild{Method: "POST", Retrying: isRetryingClientPath(Describe(fn).Path)}, true
}

func isRetryingClientPath(p string) bool {
	for _, q := range retryingClientPaths {
		if p == q {
			return true
		}
	}
	return false
}

// IsHeaderSet reports whether call is (http.Header).Set or Add, or a resty
// request's SetHeader or SetHeaderVerbatim, and returns the header name
// argument.
func IsHeaderSet(info *types.Info, call *ast.CallExpr) (ast.Expr, bool) {
	fn := Callee(info, call)
	if fn == nil || len(call.Args) < 2 {
		return nil, false
	}
	d := Describe(fn)
	if d.Path == "net/http" && d.Recv == "Header" && (d.Name == "Set" || d.Name == "Add") {
		return call.Args[0], true
	}
	if (d.Path == "github.com/go-resty/resty" || d.Path == "resty.dev") && d.Recv == "Request" && (d.Name == "SetHeader" || d.Name == "SetHeaderVerbatim") {
		return call.Args[0], true
	}
	return nil, false
}

// IdempotencyKeyHeader is the canonical name of the header.
const IdempotencyKeyHeader = "Idempotency-Key"

// IsIdempotencyHeaderName reports whether the constant string expression e
// names the Idempotency-Key header (any case; X-Idempotency-Key too).
func IsIdempotencyHeaderName(info *types.Info, e ast.Expr) bool {
	tv, ok := info.Types[e]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
		return false
	}
	return IsIdempotencyName(constant.StringVal(tv.Value))
}

// IsIdempotencyName reports whether a header, field or parameter name says
// it carries an idempotency key ("Idempotency-Key", "IdempotencyKey", "idemKey").
func IsIdempotencyName(name string) bool {
	n := strings.ToLower(name)
	return strings.Contains(n, "idempoten") || strings.Contains(n, "idemkey") || strings.Contains(n, "idem_key") || strings.Contains(n, "idem-key")
}

// IsDedupName reports whether a field or parameter name says it carries a
// deduplication key ("DedupKey", "dedup_id", "DeduplicationID").
func IsDedupName(name string) bool {
	n := strings.ToLower(name)
	return IsIdempotencyName(name) || strings.Contains(n, "dedup")
}
