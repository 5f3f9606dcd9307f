package iface

import (
	"context"
	"net/http"
)

// Payer has one implementation in sight, which calls the network.
type Payer interface {
	Pay(ctx context.Context) error // want Pay:`net\(iface\.\(\*httpPayer\)\.Pay → \(\*http\.Client\)\.Do\)`
}

type httpPayer struct{ c *http.Client }

func (p *httpPayer) Pay(ctx context.Context) error { // want Pay:`net\(\(\*http\.Client\)\.Do\)`
	_, err := p.c.Do(nil)
	return err
}

// Store has two implementations, one of which makes no call: left alone.
type Store interface {
	Save(ctx context.Context) error
}

type httpStore struct{ c *http.Client }

func (s httpStore) Save(ctx context.Context) error { // want Save:`net\(\(\*http\.Client\)\.Do\)`
	_, err := s.c.Do(nil)
	return err
}

type memStore struct{}

func (memStore) Save(ctx context.Context) error { return nil }

func UsePayer(ctx context.Context, p Payer) error { // want UsePayer:`net\(iface\.Payer\.Pay → iface\.\(\*httpPayer\)\.Pay → \(\*http\.Client\)\.Do\)`
	return p.Pay(ctx)
}

func UseStore(ctx context.Context, s Store) error { return s.Save(ctx) }
