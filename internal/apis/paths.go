package apis

import "sync"

// Paths returns the distinct import paths (normalized) of the set's
// functions, in no particular order: the libraries a gate looks for.
func (s *Set) Paths() []string {
	if s == nil {
		return nil
	}
	seen := make(map[string]bool)
	var out []string
	for f := range s.m {
		if !seen[f.Path] {
			seen[f.Path] = true
			out = append(out, f.Path)
		}
	}
	return out
}

// The import paths of the shared tables that gates ask for on every
// package, listed once: the table functions above return a clone of their
// set (the caller may add to it), which costs a copy of the table for
// each question.
var (
	idGeneratorPaths   = sync.OnceValue(func() []string { return idGenerators.Paths() })
	networkCallPaths   = sync.OnceValue(func() []string { return networkCalls.Paths() })
	brokerPublishPaths = sync.OnceValue(func() []string { return brokerPublishes.Paths() })
)

// IDGeneratorPaths returns IDGenerators().Paths() without the copy.
func IDGeneratorPaths() []string { return idGeneratorPaths() }

// NetworkCallPaths returns NetworkCalls().Paths() without the copy.
func NetworkCallPaths() []string { return networkCallPaths() }

// BrokerPublishPaths returns BrokerPublishes().Paths() without the copy.
func BrokerPublishPaths() []string { return brokerPublishPaths() }
