package nokey

import (
	"bytes"
	"context"
	"net/http"

	"github.com/segmentio/kafka-go"
)

// A POST without an Idempotency-Key header in the handling of one Kafka
// delivery: the redelivery after a failed commit sends it again.
func consumeUnkeyed(ctx context.Context, r *kafka.Reader, hc *http.Client) error {
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://payments.example/charges", bytes.NewReader(m.Value)) // want `POST request sent by http.NewRequestWithContext in the handling of one Kafka delivery \(kafka.\(\*Reader\).FetchMessage\) sets no Idempotency-Key header, so a redelivery`
		if err != nil {
			return err
		}
		resp, err := hc.Do(req)
		if err != nil {
			return err
		}
		resp.Body.Close()
		if err := r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}

// The key derived from the message: correct.
func consumeKeyed(ctx context.Context, r *kafka.Reader, hc *http.Client) error {
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://payments.example/charges", bytes.NewReader(m.Value))
		if err != nil {
			return err
		}
		req.Header.Set("Idempotency-Key", string(m.Key))
		resp, err := hc.Do(req)
		if err != nil {
			return err
		}
		resp.Body.Close()
		if err := r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}

// A GET in a delivery repeats harmlessly.
func consumeGet(ctx context.Context, r *kafka.Reader, hc *http.Client) error {
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, "https://catalog.example/items/"+string(m.Key), nil)
		if err != nil {
			return err
		}
		resp, err := hc.Do(req)
		if err != nil {
			return err
		}
		resp.Body.Close()
		if err := r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}
