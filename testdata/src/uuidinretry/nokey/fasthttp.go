package nokey

import (
	retry "github.com/avast/retry-go/v4"
	"github.com/gofiber/fiber/v2"
	"github.com/valyala/fasthttp"
)

// A fiber agent made for a POST, retried without an Idempotency-Key header.
func fiberRetried(url string, body []byte) error {
	return retry.Do(func() error {
		a := fiber.Post(url)
		_, _, errs := a.Bytes() // want `POST request sent by fiber.\(\*Agent\).Bytes in retry.Do callback sets no Idempotency-Key header`
		if len(errs) > 0 {
			return errs[0]
		}
		return nil
	})
}

// A fasthttp PUT whose method is set on the header, retried.
func fasthttpRetried(c *fasthttp.Client, url string) error {
	return retry.Do(func() error {
		req := &fasthttp.Request{}
		req.Header.SetMethod("PUT")
		req.SetRequestURI(url)
		return c.Do(req, &fasthttp.Response{}) // want `PUT request sent by fasthttp.\(\*Client\).Do in retry.Do callback sets no Idempotency-Key header`
	})
}

// The key derived once and set on the agent of every attempt: correct.
func fiberKeyed(url, key string) error {
	return retry.Do(func() error {
		_, _, errs := fiber.Post(url).Set("Idempotency-Key", key).Bytes()
		if len(errs) > 0 {
			return errs[0]
		}
		return nil
	})
}

// A GET is safe to repeat.
func fiberGet(url string) error {
	return retry.Do(func() error {
		_, _, errs := fiber.Get(url).String()
		if len(errs) > 0 {
			return errs[0]
		}
		return nil
	})
}

// A request whose method is not set here (GET by default in fasthttp).
func fasthttpDefault(url string) error {
	return retry.Do(func() error {
		req := &fasthttp.Request{}
		req.SetRequestURI(url)
		return fasthttp.Do(req, &fasthttp.Response{})
	})
}
