// Stub of github.com/gofiber/fiber/v2 v2.52.0 (client.go): only the
// declarations idemlint's tests use. An Agent sends its request in Parse and
// Bytes.
package fiber

import "github.com/valyala/fasthttp"

type Request = fasthttp.Request

type Agent struct{ req Request }

func AcquireAgent() *Agent                                    { return &Agent{} }
func ReleaseAgent(a *Agent)                                   {}
func (a *Agent) Request() *Request                            { return &a.req }
func (a *Agent) JSON(v interface{}) *Agent                    { return a }
func (a *Agent) Parse() error                                 { return nil }
func (a *Agent) Bytes() (code int, body []byte, errs []error) { return 0, nil, nil }
