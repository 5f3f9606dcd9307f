// Stub of github.com/stripe/stripe-go/v82/transfer, v82.5.1: only the declarations idemlint's tests use.
package transfer

import stripe "github.com/stripe/stripe-go/v82"

func New(params *stripe.TransferParams) (*stripe.Transfer, error) { return &stripe.Transfer{}, nil }
