// Package decorator: an implementation that calls the interface method it
// implements (a cache falling back to another implementation) takes the
// effects of the others instead of cutting the cycle to nothing.
package decorator

import (
	"context"
	"net/http"
)

type Store struct{ ID string }

// Source has a remote implementation and a caching decorator.
type Source interface {
	Find(ctx context.Context, id string) (*Store, error) // want Find:`^net\(decorator\.remote\.Find → \(\*http\.Client\)\.Do\)$`
}

type remote struct{ c *http.Client }

func (r remote) Find(ctx context.Context, id string) (*Store, error) { // want Find:`^net\(\(\*http\.Client\)\.Do\)$` Find:"keeps Store f0←p1"
	_, err := r.c.Do(nil)
	return &Store{ID: id}, err
}

type cache struct {
	m        map[string]*Store
	fallback Source
}

func (c cache) Find(ctx context.Context, id string) (*Store, error) { // want Find:`^net\(decorator\.Source\.Find → decorator\.remote\.Find → \(\*http\.Client\)\.Do\)$`
	if s, ok := c.m[id]; ok {
		return s, nil
	}
	return c.fallback.Find(ctx, id)
}

// Lister has a remote implementation, a decorator and an in-memory one
// that makes no call: the effects all non-decorating implementations share
// are none.
type Lister interface {
	List(ctx context.Context) ([]string, error)
}

type remoteList struct{ c *http.Client }

func (r remoteList) List(ctx context.Context) ([]string, error) { // want List:`^net\(\(\*http\.Client\)\.Do\)$`
	_, err := r.c.Do(nil)
	return nil, err
}

type memList struct{ names []string }

func (m memList) List(ctx context.Context) ([]string, error) { return m.names, nil }

type logged struct{ next Lister }

func (l logged) List(ctx context.Context) ([]string, error) { return l.next.List(ctx) }
