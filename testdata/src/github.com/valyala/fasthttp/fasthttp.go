// Stub of github.com/valyala/fasthttp v1.51.0 (http.go, header.go): only the
// declarations idemlint's tests use.
package fasthttp

type RequestHeader struct{ method string }

func (h *RequestHeader) Set(key, value string)             {}
func (h *RequestHeader) SetMethod(method string)           { h.method = method }
func (h *RequestHeader) SetContentType(contentType string) {}

type Request struct {
	Header RequestHeader
	uri    string
}

func (req *Request) SetRequestURI(requestURI string) { req.uri = requestURI }
func (req *Request) SetBodyRaw(body []byte)          {}
