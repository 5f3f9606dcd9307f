// Package precision holds correct code that real services write and that
// looks like the bug at first sight.
package precision

import (
	"context"
	"crypto/rand"
	"errors"
	"net/http"

	retry "github.com/avast/retry-go/v4"
	"github.com/google/uuid"
)

type ctxKey struct{}

// WithRequestID is a company helper around context.WithValue.
func WithRequestID(ctx context.Context, id string) context.Context {
	return context.WithValue(ctx, ctxKey{}, id)
}

// A per-attempt request ID in the context identifies the attempt (tracing).
func requestIDHelper(ctx context.Context, client *http.Client, url string) error {
	return retry.Do(func() error {
		actx := WithRequestID(ctx, uuid.NewString())
		req, _ := http.NewRequestWithContext(actx, http.MethodGet, url, nil)
		resp, err := client.Do(req)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	})
}

var errUnique = errors.New("unique violation")

func isUniqueViolation(err error) bool { return errors.Is(err, errUnique) }

func insertCode(ctx context.Context, code string) error { return nil }

// A collision loop makes a new value until one does not collide: the
// attempt that failed wrote nothing.
func referralCode(ctx context.Context) (string, error) {
	for attempt := 0; attempt < 5; attempt++ {
		code := rand.Text()[:8]
		err := insertCode(ctx, code)
		if err == nil {
			return code, nil
		}
		if !isUniqueViolation(err) {
			return "", err
		}
	}
	return "", errors.New("no free code")
}

type pgError struct{ Code string }

func (e *pgError) Error() string { return e.Code }

func publicID(ctx context.Context) (string, error) {
	for {
		id := uuid.NewString()
		err := insertCode(ctx, id)
		var pe *pgError
		if errors.As(err, &pe) && pe.Code == "23505" {
			continue
		}
		if err == nil {
			return id, nil
		}
		return "", err
	}
}

// A key made lazily on the first attempt, kept outside the operation.
func lazyKey(ctx context.Context, client *http.Client, url string) error {
	var key string
	return retry.Do(func() error {
		if key == "" {
			key = uuid.NewString()
		}
		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, url, nil)
		req.Header.Set("Idempotency-Key", key)
		resp, err := client.Do(req)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	})
}

// Not made once: the guard tests another variable.
func notLazy(ctx context.Context, client *http.Client, url string) error {
	var key string
	first := true
	return retry.Do(func() error {
		if first {
			key = uuid.NewString() // want `makes a new idempotency key on every attempt`
		}
		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, url, nil)
		req.Header.Set("Idempotency-Key", key)
		resp, err := client.Do(req)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	})
}

// A plain retry loop on a timeout is still a retry loop.
func timeoutRetry(ctx context.Context) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if err = insertCode(ctx, uuid.NewString()); err == nil { // want `uuid.NewString in retry loop`
			return nil
		}
	}
	return err
}
