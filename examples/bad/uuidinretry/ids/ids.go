// Package ids makes identifiers for the payment service.
package ids

import "github.com/google/uuid"

// NewPaymentID returns a fresh payment ID.
func NewPaymentID() string { return "pay_" + uuid.NewString() }
