// Package ids makes identifiers.
package ids

import (
	"strings"

	"github.com/google/uuid"
)

// NewKey returns a fresh idempotency key for an outgoing call.
func NewKey() string {
	return "ldg_" + strings.ReplaceAll(uuid.NewString(), "-", "")
}

// ForPayout returns the stable key of a payout's calls.
func ForPayout(payoutID, step string) string { return "payout:" + payoutID + ":" + step }
