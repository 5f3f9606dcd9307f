// Stub of github.com/go-resty/resty/v2 v2.17.2 (client.go): only the declarations used by tests.
package resty

// Client struct is used to create a Resty client.
type Client struct{}

func New() *Client { return &Client{} }

func (c *Client) R() *Request { return &Request{} }
