// Package coord implements the coordinator port twice: Now runs the
// function before it returns; Queue keeps it for a background loop.
package coord

import "context"

type Now struct{}

func (Now) Run(ctx context.Context, fn func() error) error { return fn() }

type Queue struct{ fns []func() error }

func (q *Queue) Run(ctx context.Context, fn func() error) error {
	q.fns = append(q.fns, fn)
	return nil
}
