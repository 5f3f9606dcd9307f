package httpkey

import (
	"errors"
	"strings"
)

// parseKey returns the key carried by an Idempotency-Key field value.
//
// The IETF draft defines the field as a structured-field String (RFC 8941
// sf-string): printable ASCII in double quotes, with only \" and \\ escaped.
// Many clients (Stripe's libraries among them) send the key bare, so a value
// without quotes is accepted too when it is visible ASCII (0x21-0x7E) without
// '"' or '\'. Anything else — non-ASCII or invalid UTF-8, control
// characters, a bad escape, text after the closing quote — is refused.
func parseKey(v string) (string, error) {
	if v == "" {
		return "", errors.New("empty key")
	}
	if v[0] != '"' {
		for i := 0; i < len(v); i++ {
			if c := v[i]; c < 0x21 || c > 0x7e || c == '"' || c == '\\' {
				return "", errors.New("a bare key must be visible ASCII without quotes or backslashes; send a quoted structured-field string")
			}
		}
		return v, nil
	}
	var b strings.Builder
	for i := 1; i < len(v); i++ {
		c := v[i]
		switch {
		case c == '\\':
			i++
			if i == len(v) || (v[i] != '"' && v[i] != '\\') {
				return "", errors.New(`only \" and \\ may be escaped in a structured-field string`)
			}
			b.WriteByte(v[i])
		case c == '"':
			if i != len(v)-1 {
				return "", errors.New("text after the closing quote")
			}
			if b.Len() == 0 {
				return "", errors.New("empty key")
			}
			return b.String(), nil
		case c < 0x20 || c > 0x7e:
			return "", errors.New("a structured-field string holds printable ASCII only")
		default:
			b.WriteByte(c)
		}
	}
	return "", errors.New("no closing quote")
}
