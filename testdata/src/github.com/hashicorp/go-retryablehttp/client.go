// Package retryablehttp is a stub of github.com/hashicorp/go-retryablehttp v0.7.8 (signatures only).
package retryablehttp

import (
	"context"
	"net/http"
	"net/url"
)

type Request struct {
	*http.Request
}
type Client struct {
	HTTPClient *http.Client
	RetryMax   int
}

func NewClient() *Client                                                   { return nil }
func NewRequest(method, url string, rawBody interface{}) (*Request, error) { return nil, nil }
func NewRequestWithContext(ctx context.Context, method, url string, rawBody interface{}) (*Request, error) {
	return nil, nil
}
func (c *Client) Do(req *Request) (*http.Response, error)                 { return nil, nil }
func Post(url, bodyType string, body interface{}) (*http.Response, error) { return nil, nil }
func (c *Client) Post(url, bodyType string, body interface{}) (*http.Response, error) {
	return nil, nil
}
func PostForm(url string, data url.Values) (*http.Response, error) { return nil, nil }
func (c *Client) StandardClient() *http.Client                     { return nil }
