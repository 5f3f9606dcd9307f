// Stub of resty.dev/v3 v3.0.0-rc.4 (request.go): only the declarations used by tests.
package resty

// Request struct is used to compose and fire individual requests from the client.
type Request struct{}

func (r *Request) SetBody(body any) *Request { return r }

func (r *Request) SetHeader(header, value string) *Request { return r }

func (r *Request) Get(url string) (*Response, error) { return nil, nil }

func (r *Request) Post(url string) (*Response, error) { return nil, nil }

func (r *Request) Send() (*Response, error) { return nil, nil }
