// Stub of github.com/gofiber/fiber/v2 v2.52.0 (client.go): agents made for
// a method, headers set on the agent, the other senders.
package fiber

func Post(url string) *Agent                                                { return &Agent{} }
func Put(url string) *Agent                                                 { return &Agent{} }
func Get(url string) *Agent                                                 { return &Agent{} }
func (a *Agent) Set(k, v string) *Agent                                     { return a }
func (a *Agent) String() (int, string, []error)                             { return 0, "", nil }
func (a *Agent) Struct(v interface{}) (code int, body []byte, errs []error) { return 0, nil, nil }
