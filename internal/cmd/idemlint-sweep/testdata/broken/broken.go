// Package broken does not type-check: the sweep records a tool error and
// goes on.
package broken

func Broken() int { return undefinedName }
