package apis

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
