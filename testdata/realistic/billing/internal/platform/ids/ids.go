// Package ids makes identifiers.
package ids

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"

	"github.com/google/uuid"
)

// NewPaymentID returns a fresh time-ordered payment ID.
func NewPaymentID() string {
	return "pay_" + uuid.Must(uuid.NewV7()).String()
}

// NewRequestID returns a fresh request ID for logs and X-Request-ID headers.
func NewRequestID() string {
	return uuid.NewString()
}

// Deterministic derives a stable key from the parts of a command: the same
// command always yields the same key, across retries and restarts.
func Deterministic(parts ...string) string {
	sum := sha256.Sum256([]byte(strings.Join(parts, "\x00")))
	return hex.EncodeToString(sum[:16])
}
