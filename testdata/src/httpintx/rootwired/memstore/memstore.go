// Package memstore implements the unit of work and the status repository
// in memory: the callbacks run in no transaction.
package memstore

import "context"

type UnitOfWork struct{}

func (UnitOfWork) Execute(ctx context.Context, fn func(ctx context.Context) error) error {
	return fn(ctx)
}

type StatusRepo struct{ Status map[string]string }

func (r *StatusRepo) ChangeStatusWith(id, status string, sideEffect func() error) error {
	r.Status[id] = status
	if sideEffect != nil {
		return sideEffect()
	}
	return nil
}
