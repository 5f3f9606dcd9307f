// Stub of github.com/stripe/stripe-go/v82 v82.5.1 (stripe.go, checkout_session.go, checkout_session_service.go): only the declarations used by tests.
package stripe

import "context"

type Backend interface {
	Call(method, path, key string, params interface{}, v interface{}) error
}

type CheckoutSessionParams struct {
	SuccessURL *string
}

type CheckoutSessionCreateParams struct {
	SuccessURL *string
}

type CheckoutSession struct {
	ID  string
	URL string
}

type Event struct{ Type string }

func String(v string) *string { return &v }

type Client struct {
	V1CheckoutSessions v1CheckoutSessionService
	V1Transfers        v1TransferService
}

func NewClient(key string) *Client { return &Client{} }

type v1CheckoutSessionService struct{}

func (c v1CheckoutSessionService) Create(ctx context.Context, params *CheckoutSessionCreateParams) (*CheckoutSession, error) {
	return nil, nil
}
