// Package c calls the provider.
package c

import "net/http"

type Provider struct{ HTTP *http.Client }

func (p *Provider) Send(req *http.Request) error {
	resp, err := p.HTTP.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
