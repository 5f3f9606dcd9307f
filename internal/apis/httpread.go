package apis

import "go/types"

// httpReads send a request that reads (GET, HEAD, OPTIONS) by their name.
var httpReads = NewSet(
	Func{Path: "net/http", Recv: "Client", Name: "Get"},
	Func{Path: "net/http", Recv: "Client", Name: "Head"},
	Func{Path: "net/http", Name: "Get"},
	Func{Path: "net/http", Name: "Head"},
	Func{Path: "github.com/hashicorp/go-retryablehttp", Recv: "Client", Name: "Get"},
	Func{Path: "github.com/hashicorp/go-retryablehttp", Recv: "Client", Name: "Head"},
	Func{Path: "github.com/hashicorp/go-retryablehttp", Name: "Get"},
	Func{Path: "github.com/hashicorp/go-retryablehttp", Name: "Head"},
	Func{Path: "github.com/go-resty/resty", Recv: "Request", Name: "Get"},
	Func{Path: "github.com/go-resty/resty", Recv: "Request", Name: "Head"},
	Func{Path: "github.com/go-resty/resty", Recv: "Request", Name: "Options"},
	Func{Path: "resty.dev", Recv: "Request", Name: "Get"},
	Func{Path: "resty.dev", Recv: "Request", Name: "Head"},
	Func{Path: "resty.dev", Recv: "Request", Name: "Options"},
)

// IsHTTPRead reports whether fn sends an HTTP request that only reads
// (GET, HEAD, OPTIONS), told by its name (http.Get, (*resty.Request).Get).
func IsHTTPRead(fn *types.Func) bool { return fn != nil && httpReads.Match(fn) }

// IsReadMethod reports whether an HTTP method only reads.
func IsReadMethod(m string) bool {
	switch m {
	case "GET", "HEAD", "OPTIONS":
		return true
	}
	return false
}
