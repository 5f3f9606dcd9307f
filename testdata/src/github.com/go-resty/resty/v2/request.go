// Stub of github.com/go-resty/resty/v2 v2.17.2 (request.go): only the declarations used by tests.
package resty

// Request struct is used to compose and fire individual requests from the client.
type Request struct{}

func (r *Request) SetBody(body interface{}) *Request { return r }

func (r *Request) SetHeader(header, value string) *Request { return r }

func (r *Request) Get(url string) (*Response, error) { return nil, nil }

func (r *Request) Post(url string) (*Response, error) { return nil, nil }

func (r *Request) Send() (*Response, error) { return nil, nil }
