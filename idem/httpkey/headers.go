package httpkey

import (
	"fmt"
	"net/http"
	"strings"
)

// DefaultReplayHeaders are the response headers stored with a response and
// replayed to its repeats. Every other header is sent to the first caller
// only: a repeat may come from another user of the same scope, and must not
// receive the first caller's cookies or credentials.
var DefaultReplayHeaders = []string{
	"Content-Type", "Content-Language", "Content-Encoding", "Content-Disposition",
	"Location", "Etag", "Last-Modified", "Link",
}

// sensitive reports whether a header may carry credentials or session state;
// such headers are never stored, whatever Config.ReplayHeaders says.
func sensitive(name string) bool {
	n := strings.ToLower(name)
	for _, s := range []string{"cookie", "auth", "token", "session", "secret", "password", "api-key", "apikey", "csrf", "xsrf", "signature"} {
		if strings.Contains(n, s) {
			return true
		}
	}
	return false
}

// replayHeaders builds the allow-list, refusing sensitive names.
func replayHeaders(extra []string) (map[string]bool, error) {
	allow := map[string]bool{}
	for _, h := range append(append([]string{}, DefaultReplayHeaders...), extra...) {
		if sensitive(h) {
			return nil, fmt.Errorf("httpkey: ReplayHeaders: %s may carry credentials or session state and is never replayed", h)
		}
		allow[http.CanonicalHeaderKey(h)] = true
	}
	return allow, nil
}

// storable returns the allow-listed headers of h.
func storable(h http.Header, allow map[string]bool) map[string][]string {
	out := map[string][]string{}
	for k, v := range h {
		if allow[http.CanonicalHeaderKey(k)] {
			out[http.CanonicalHeaderKey(k)] = v
		}
	}
	return out
}
