// Package ids makes identifiers.
package ids

import (
	"crypto/rand"
	"sync"
	"time"

	"github.com/oklog/ulid/v2"
	"github.com/rs/xid"
	"github.com/segmentio/ksuid"
)

var (
	entropyMu sync.Mutex
	entropy   = ulid.Monotonic(rand.Reader, 0)
)

// NewTransferID returns a sortable transfer id.
func NewTransferID() string {
	entropyMu.Lock()
	defer entropyMu.Unlock()
	return ulid.MustNew(ulid.Timestamp(time.Now()), entropy).String()
}

// NewBatchID returns a ksuid for settlement batches.
func NewBatchID() string { return ksuid.New().String() }

// NewTraceID returns a short id for log correlation.
func NewTraceID() string { return xid.New().String() }

// TransferKey derives the transfer's idempotency key from stable inputs.
func TransferKey(batchID string, line int) string {
	return batchID + ":" + itoa(line)
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b [20]byte
	i := len(b)
	for n > 0 {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
	}
	return string(b[i:])
}
