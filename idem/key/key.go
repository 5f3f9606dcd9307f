// Package key derives idempotency keys from the operation they protect.
//
// An idempotency key must be the same on every attempt of one operation —
// across retries in the process and across a restart of the pod — and
// different for different operations. So it is derived from data the
// operation already has (an order ID, the client's request ID, the event ID
// of the message being handled), once, before the first attempt, and passed
// into every attempt. A key made fresh per attempt (uuid.New inside the
// retried function) never matches the earlier attempt, and the provider
// treats the retry as a new charge.
//
//	k := key.For(order.ID, "charge", cmd.RequestID) // "ord-42:charge:req-7"
//	err := retry.Do(func() error {
//		return payments.Charge(ctx, ChargeRequest{IdempotencyKey: k, ...})
//	})
//
// For is readable and injective: parts are joined with ':' and any ':' or
// '%' inside a part is percent-escaped, so different part lists never give
// the same key. Hashed gives a fixed-length key for providers that limit the
// key's length or when the parts should not be visible.
package key

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"
)

// For returns the key of the operation identified by parts, in order:
// the parts joined with ':' after escaping '%' as "%25" and ':' as "%3A"
// inside each part. It is a pure function of its arguments.
//
//	key.For("ord-42", "charge", "req-7") == "ord-42:charge:req-7"
//	key.For("a:b", "c") == "a%3Ab:c" // not "a:b:c" == key.For("a", "b", "c")
//
// For with no parts returns "", as does For(""): an empty key, which
// whatever checks keys (httpkey, the provider) should refuse. Any two
// different non-empty lists of parts give different keys.
func For(parts ...string) string {
	var b strings.Builder
	for i, p := range parts {
		if i > 0 {
			b.WriteByte(':')
		}
		for j := 0; j < len(p); j++ {
			switch c := p[j]; c {
			case '%':
				b.WriteString("%25")
			case ':':
				b.WriteString("%3A")
			default:
				b.WriteByte(c)
			}
		}
	}
	return b.String()
}

// Hashed returns the lowercase hex SHA-256 of For(parts...): 64 characters,
// the same for the same parts, different (up to SHA-256 collisions) for
// different part lists.
func Hashed(parts ...string) string {
	sum := sha256.Sum256([]byte(For(parts...)))
	return hex.EncodeToString(sum[:])
}
