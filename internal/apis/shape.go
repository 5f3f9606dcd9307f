package apis

import "go/types"

// A Shape recognises by its signature an interface method whose
// implementation is out of sight but known to make one of a set's calls:
// a generated gRPC client's method calls ClientConnInterface.Invoke. It
// returns the library call the implementation makes.
//
// A shape is a fallback for interface methods with no implementation in
// the analysed code (the call layer's mirror); it is never matched against
// a function the analysed code declares, whose body says what it does.
type Shape func(m *types.Func) (Func, bool)

// AddShape adds the interface methods shape recognises to the set's
// fallback (see Shape).
func (s *Set) AddShape(shape Shape) { s.shapes = append(s.shapes, shape) }

// MatchShape returns the library call the interface method m stands for
// by one of the set's shapes.
func (s *Set) MatchShape(m *types.Func) (Func, bool) {
	if s == nil || m == nil {
		return Func{}, false
	}
	for _, shape := range s.shapes {
		if f, ok := shape(m); ok {
			return f, true
		}
	}
	return Func{}, false
}

// HasShape reports whether the interface method m stands for one of the
// set's calls by its shape.
func (s *Set) HasShape(m *types.Func) bool {
	_, ok := s.MatchShape(m)
	return ok
}
