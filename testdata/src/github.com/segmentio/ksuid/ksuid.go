// Package ksuid is a stub of github.com/segmentio/ksuid v1.0.4 (signatures only).
package ksuid

type KSUID [20]byte

func New() KSUID               { return KSUID{} }
func (i KSUID) String() string { return "" }
