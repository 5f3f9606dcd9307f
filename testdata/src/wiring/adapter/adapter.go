// Package adapter implements port.Sender with an HTTP call; the use case
// never imports it.
package adapter

import (
	"bytes"
	"context"
	"net/http"
)

type HTTPSender struct{ c *http.Client }

func (s *HTTPSender) Send(ctx context.Context, body []byte) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "http://x", bytes.NewReader(body))
	if err != nil {
		return err
	}
	_, err = s.c.Do(req)
	return err
}

// Quiet implements port.Sender with no effect: no summary.
type Quiet struct{}

func (Quiet) Send(context.Context, []byte) error { return nil }
