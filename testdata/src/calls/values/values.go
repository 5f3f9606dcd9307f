// Package values: network calls reached through function values, fields,
// maps, callbacks, goroutines and interfaces that mirror a library call.
package values

import (
	"context"
	"net/http"

	"golang.org/x/sync/errgroup"
)

type Client struct {
	http *http.Client
	post func(url string) error
	ops  map[string]func() error
}

func NewClient(h *http.Client) *Client { // want NewClient:"keeps Client f0←p0"
	c := &Client{http: h}
	c.post = c.postJSON
	c.ops = map[string]func() error{"ping": ping}
	return c
}

func (c *Client) postJSON(url string) error { // want postJSON:`net\(\(\*http\.Client\)\.Post\)`
	_, err := c.http.Post(url, "application/json", nil)
	return err
}

func ping() error { // want ping:`net\(http\.Get\)`
	_, err := http.Get("https://status.example.com")
	return err
}

// MethodValue calls through a local holding a method value.
func MethodValue(c *Client, req *http.Request) error { // want MethodValue:`net\(\(\*http\.Client\)\.Do\)`
	do := c.http.Do
	_, err := do(req)
	return err
}

// Field calls through a func-typed field.
func Field(c *Client) error { // want Field:`net\(values\.\(\*Client\)\.postJSON → \(\*http\.Client\)\.Post\)`
	return c.post("https://hooks.example.com")
}

// Map calls through a map of funcs.
func Map(c *Client, op string) error { // want Map:`net\(values\.ping → http\.Get\)`
	return c.ops[op]()
}

// Each calls its parameter for every item.
func Each(items []string, fn func(string) error) error { // want Each:`^calls\(p1\)$`
	for _, it := range items {
		if err := fn(it); err != nil {
			return err
		}
	}
	return nil
}

// Callback passes a method value where Each calls it.
func Callback(c *Client, urls []string) error { // want Callback:`net\(values\.Each → values\.\(\*Client\)\.postJSON → \(\*http\.Client\)\.Post\)`
	return Each(urls, c.postJSON)
}

// Spawn calls its parameter only in goroutines.
func Spawn(ctx context.Context, fn func() error) error { // want Spawn:`^calls\(p1 in goroutine\)$`
	g, _ := errgroup.WithContext(ctx)
	g.Go(fn)
	go fn()
	return g.Wait()
}

// Background starts the network call in a goroutine: not its own effect.
func Background(ctx context.Context) error {
	return Spawn(ctx, ping)
}

// Doer mirrors (*http.Client).Do.
type Doer interface {
	Do(*http.Request) (*http.Response, error) // want Do:`net\(\(\*http\.Client\)\.Do\)`
}

// Other has a Do of another shape.
type Other interface {
	Do(string) error
}

func Mirror(d Doer, o Other, req *http.Request) error { // want Mirror:`net\(values\.Doer\.Do → \(\*http\.Client\)\.Do\)`
	if err := o.Do("x"); err != nil {
		return err
	}
	_, err := d.Do(req)
	return err
}

// Generic calls its parameter: a generic helper.
func Generic[T any](v T, fn func(T) error) error { // want Generic:`^calls\(p1\)$`
	return fn(v)
}

func UseGeneric(c *Client) error { // want UseGeneric:`net\(values\.Generic → values\.\(\*Client\)\.postJSON`
	return Generic("https://x", c.postJSON)
}

// Hook calls a function only tests store: no net effect.
type Hook struct{ fire func() error }

func (h *Hook) Fire() error { return h.fire() }
