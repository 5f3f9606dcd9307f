// Package b wraps package c behind a function value.
package b

import (
	"net/http"

	"httpintx/indirect/chain/c"
)

type Service struct {
	send func(*http.Request) error
}

func New(p *c.Provider) *Service { return &Service{send: p.Send} }

func (s *Service) Notify(url string) error {
	req, err := http.NewRequest(http.MethodPost, url, nil)
	if err != nil {
		return err
	}
	return s.send(req)
}
