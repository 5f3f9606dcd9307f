// Stub of github.com/stripe/stripe-go/v82 v82.5.1 (checkout/session/client.go): only the declarations used by tests.
package session

import stripe "github.com/stripe/stripe-go/v82"

type Client struct {
	B   stripe.Backend
	Key string
}

func New(params *stripe.CheckoutSessionParams) (*stripe.CheckoutSession, error) { return nil, nil }

func (c Client) Get(id string, params *stripe.CheckoutSessionParams) (*stripe.CheckoutSession, error) {
	return nil, nil
}

type Iter struct{}

func List(params *stripe.CheckoutSessionParams) *Iter { return nil }
