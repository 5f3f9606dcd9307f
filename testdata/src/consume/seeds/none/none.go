// Package none makes no call a summary starts from: the facts' gate stays
// closed and no SSA is built (no fact either way).
package none

import (
	"context"
	"strings"
)

// Normalize calls functions of the standard library and a method of a
// standard interface only.
func Normalize(ctx context.Context, s string) string {
	if ctx.Err() != nil {
		return ""
	}
	return strings.ToLower(strings.TrimSpace(s))
}

// Keys calls a function literal, whose body the package holds.
func Keys(m map[string]int) []string {
	return func() []string {
		var out []string
		for k := range m {
			out = append(out, k)
		}
		return out
	}()
}
