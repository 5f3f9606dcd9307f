// Package provider is a ticket-provider client in the shape oapi-codegen
// generates: *Client sends each request through its HttpRequestDoer, and
// ClientWithResponses embeds ClientInterface (it decodes the responses of
// whatever client it wraps). The embedding makes ClientWithResponses an
// implementation of ClientInterface too, one that only delegates.
package provider

import (
	"context"
	"net/http"
)

type HttpRequestDoer interface {
	Do(req *http.Request) (*http.Response, error)
}

type RequestEditorFn func(ctx context.Context, req *http.Request) error

type Client struct {
	Server string
	Client HttpRequestDoer
}

func NewClient(server string) (*Client, error) {
	return &Client{Server: server, Client: &http.Client{}}, nil
}

type ClientInterface interface {
	StartOrder(ctx context.Context, reqEditors ...RequestEditorFn) (*http.Response, error)
	GetOrder(ctx context.Context, id string, reqEditors ...RequestEditorFn) (*http.Response, error)
}

func (c *Client) StartOrder(ctx context.Context, reqEditors ...RequestEditorFn) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.Server+"/api/orders", nil)
	if err != nil {
		return nil, err
	}
	return c.Client.Do(req)
}

func (c *Client) GetOrder(ctx context.Context, id string, reqEditors ...RequestEditorFn) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.Server+"/api/orders/"+id, nil)
	if err != nil {
		return nil, err
	}
	return c.Client.Do(req)
}

// ClientWithResponses builds on ClientInterface to offer response payloads.
type ClientWithResponses struct {
	ClientInterface
}

func NewClientWithResponses(server string) (*ClientWithResponses, error) {
	c, err := NewClient(server)
	if err != nil {
		return nil, err
	}
	return &ClientWithResponses{c}, nil
}

type StartOrderResponse struct {
	HTTPResponse *http.Response
}

func (c *ClientWithResponses) StartOrderWithResponse(ctx context.Context) (*StartOrderResponse, error) {
	rsp, err := c.StartOrder(ctx)
	if err != nil {
		return nil, err
	}
	return &StartOrderResponse{HTTPResponse: rsp}, nil
}
