// Package uuid is a stub of github.com/gofrs/uuid/v5 v5.5.1 (signatures only).
package uuid

type UUID [16]byte
type Gen struct{}

func NewV1() (UUID, error)            { return UUID{}, nil }
func NewV4() (UUID, error)            { return UUID{}, nil }
func NewV5(ns UUID, name string) UUID { return UUID{} }
func NewV6() (UUID, error)            { return UUID{}, nil }
func NewV7() (UUID, error)            { return UUID{}, nil }
func NewGen() *Gen                    { return nil }
func (g *Gen) NewV4() (UUID, error)   { return UUID{}, nil }
func Must(u UUID, err error) UUID     { return u }
func (u UUID) String() string         { return "" }
