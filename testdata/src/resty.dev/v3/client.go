// Stub of resty.dev/v3 v3.0.0-rc.4 (client.go): only the declarations used by tests.
package resty

// Client struct is used to create a Resty client.
type Client struct{}

func New() *Client { return &Client{} }

func (c *Client) R() *Request { return &Request{} }
