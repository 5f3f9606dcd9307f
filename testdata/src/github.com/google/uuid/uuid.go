// Package uuid is a stub of github.com/google/uuid v1.6.0 (signatures only).
package uuid

import "io"

type UUID [16]byte

func New() UUID                                     { return UUID{} }
func NewString() string                             { return "" }
func NewRandom() (UUID, error)                      { return UUID{}, nil }
func NewRandomFromReader(r io.Reader) (UUID, error) { return UUID{}, nil }
func NewUUID() (UUID, error)                        { return UUID{}, nil }
func NewV6() (UUID, error)                          { return UUID{}, nil }
func NewV7() (UUID, error)                          { return UUID{}, nil }
func NewSHA1(space UUID, data []byte) UUID          { return UUID{} }
func Must(uuid UUID, err error) UUID                { return uuid }
func MustParse(s string) UUID                       { return UUID{} }
func Parse(s string) (UUID, error)                  { return UUID{}, nil }
func (uuid UUID) String() string                    { return "" }

var NameSpaceOID = UUID{}
