// Package ids is the project's identifier generator behind an interface.
package ids

import "github.com/google/uuid"

// Generator makes identifiers.
type Generator interface {
	NewID() string
}

type uuidGenerator struct{}

// New returns the uuid generator.
func New() Generator { return uuidGenerator{} }

func (uuidGenerator) NewID() string { return uuid.NewString() } // want NewID:"makesFreshID\\(uuid.NewString\\)"
