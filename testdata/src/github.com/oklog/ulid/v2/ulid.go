// Package ulid is a stub of github.com/oklog/ulid/v2 v2.1.2 (signatures only).
package ulid

import "io"

type ULID [16]byte

func Make() (id ULID)                                       { return }
func New(ms uint64, entropy io.Reader) (id ULID, err error) { return }
func MustNew(ms uint64, entropy io.Reader) ULID             { return ULID{} }
func (id ULID) String() string                              { return "" }
