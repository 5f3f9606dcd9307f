package usestore

import (
	"context"
	"net/http"

	"httpintx/store"
)

func Handle(ctx context.Context, s *store.Store, c *http.Client, req *http.Request) error {
	return s.WithTx(ctx, func(q *store.Queries) error {
		_, err := c.Do(req) // want `HTTP call \(\*http\.Client\)\.Do inside the transaction that store\.\(\*Store\)\.WithTx begins at store\.go:26`
		return err
	})
}

func HandleIn(ctx context.Context, s *store.Store, url string) error {
	return s.InTx(ctx, func(q *store.Queries) error {
		_, err := http.Get(url) // want `HTTP call http\.Get inside the transaction that store\.\(\*Store\)\.InTx begins at store\.go:39`
		return err
	})
}

func HandleForward(ctx context.Context, s *store.Store, url string) error {
	return s.Forward(ctx, func(q *store.Queries) error {
		_, err := http.Get(url) // want `HTTP call http\.Get inside the transaction that store\.\(\*Store\)\.Forward begins at store\.go:26`
		return err
	})
}

func HandleAfter(ctx context.Context, s *store.Store, url string) error {
	return s.After(ctx, func() error {
		_, err := http.Get(url)
		return err
	})
}
