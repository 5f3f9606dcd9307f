// Package up holds helpers that another package calls inside a retry.
package up

import (
	"time"

	"github.com/google/uuid"
)

// NewPaymentID makes a fresh ID.
func NewPaymentID() string { return "pay_" + uuid.NewString() } // want NewPaymentID:"makesFreshID\\(uuid.NewString\\)"

// Wrapped makes one through another helper.
func Wrapped() string { return NewPaymentID() } // want Wrapped:"makesFreshID\\(NewPaymentID → uuid.NewString\\)"

// KeyFor derives a key from what it receives: no fact.
func KeyFor(orderID string) string { return orderID + ":charge" }

// Do is a company retry helper: it calls fn once per attempt.
func Do(attempts int, fn func() error) error { // want Do:"retriesParam\\(1\\)"
	var err error
	for i := 0; i < attempts; i++ {
		if err = fn(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Forward hands its operation to Do: a retry function too.
func Forward(fn func() error) error { // want Forward:"retriesParam\\(0\\)"
	return Do(3, fn)
}

// Run calls fn once: not a retry.
func Run(fn func() error) error { return fn() }
