// Package header builds the headers of a service's events and commands.
package header

import (
	"time"

	"github.com/google/uuid"
)

type Header struct {
	ID             string
	PublishedAt    time.Time
	IdempotencyKey string
}

// New returns a header whose idempotency key is fresh: its result is a
// fresh key wherever it is stored.
func New() Header { // want New:`makesFreshID\(uuid.NewString, returned in field IdempotencyKey\)`
	return Header{
		ID:             uuid.NewString(),
		PublishedAt:    time.Now(),
		IdempotencyKey: uuid.NewString(),
	}
}

// Again returns New's result as is.
func Again() Header { // want Again:`makesFreshID\(New → uuid.NewString, returned in field IdempotencyKey\)`
	return New()
}

// WithKey takes the key from its caller: no fact.
func WithKey(idempotencyKey string) Header {
	return Header{ID: uuid.NewString(), PublishedAt: time.Now(), IdempotencyKey: idempotencyKey}
}

// Traced makes a fresh event ID only: a fact without a key.
func Traced() Header { // want Traced:`makesFreshID\(uuid.NewString\)`
	return Header{ID: uuid.NewString(), PublishedAt: time.Now()}
}
