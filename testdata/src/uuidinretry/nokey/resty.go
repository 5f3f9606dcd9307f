package nokey

import (
	retry "github.com/avast/retry-go/v4"
	"github.com/go-resty/resty/v2"
)

// A resty POST retried without an Idempotency-Key header.
func restyRetried(c *resty.Client, body []byte) error {
	return retry.Do(func() error {
		_, err := c.R().SetBody(body).Post("/charges") // want `POST request sent by resty.\(\*Request\).Post in retry.Do callback sets no Idempotency-Key header`
		return err
	})
}

// The key derived once and set on every attempt: correct.
func restyKeyed(c *resty.Client, key string, body []byte) error {
	return retry.Do(func() error {
		_, err := c.R().SetHeader("Idempotency-Key", key).SetBody(body).Post("/charges")
		return err
	})
}

// A GET is safe to repeat.
func restyGet(c *resty.Client) error {
	return retry.Do(func() error {
		_, err := c.R().Get("/charges")
		return err
	})
}
