// Stub of github.com/stripe/stripe-go/v82 v82.5.1 (webhook/client.go): only the declarations used by tests.
package webhook

import stripe "github.com/stripe/stripe-go/v82"

func ConstructEvent(payload []byte, header string, secret string) (stripe.Event, error) {
	return stripe.Event{}, nil
}
