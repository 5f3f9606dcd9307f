package values

import (
	"net/http"
	"testing"
)

// fakeDoer is a test double: not an implementation of production code.
type fakeDoer struct{}

func (fakeDoer) Do(*http.Request) (*http.Response, error) { return nil, nil }

func TestMirror(t *testing.T) { _ = Mirror(fakeDoer{}, nil, nil) } // want TestMirror:`net\(values\.Mirror`

// A test stores a networking function in Hook.fire: that is no value of
// the production code, so Hook.Fire has no net effect.
func TestHook(t *testing.T) {
	h := &Hook{fire: ping}
	_ = h.Fire()
}
