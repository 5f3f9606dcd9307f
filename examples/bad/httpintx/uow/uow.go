// Package uow calls a provider while a unit of work from another package
// holds the transaction open.
package uow

import (
	"context"
	"net/http"
	"strings"

	"github.com/idemlint/idemlint/examples/bad/httpintx/txm"
)

// Service posts transfers.
type Service struct {
	TM   *txm.Manager
	HTTP *http.Client
	URL  string
}

// PostScored scores the transfer while the unit of work is open.
func (s *Service) PostScored(ctx context.Context, id string) error {
	uow, err := s.TM.Begin(ctx)
	if err != nil {
		return err
	}
	defer uow.Close(ctx)
	if _, err := uow.Tx().Exec(ctx, "UPDATE accounts SET held = held + 1 WHERE id = $1", id); err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, s.URL, strings.NewReader(id))
	if err != nil {
		return err
	}
	resp, err := s.HTTP.Do(req) // want: httpintx
	if err != nil {
		return err
	}
	resp.Body.Close()
	return uow.Commit(ctx)
}
