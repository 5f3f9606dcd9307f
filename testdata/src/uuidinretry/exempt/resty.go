package exempt

import (
	retry "github.com/avast/retry-go/v4"
	"github.com/go-resty/resty/v2"
	"github.com/google/uuid"
)

// A request ID set with resty's SetHeader only feeds tracing.
func restyRequestID(c *resty.Client) error {
	return retry.Do(func() error {
		rid := uuid.NewString()
		_, err := c.R().SetHeader("X-Request-ID", rid).Get("/ping")
		return err
	})
}

// The same ID as resty's Idempotency-Key header is the strong case.
func restyIdemKey(c *resty.Client) error {
	return retry.Do(func() error {
		key := uuid.NewString() // want `uuid.NewString in retry.Do callback makes a new idempotency key on every attempt \(it reaches the Idempotency-Key header\)`
		_, err := c.R().SetHeader("Idempotency-Key", key).Get("/charges")
		return err
	})
}
