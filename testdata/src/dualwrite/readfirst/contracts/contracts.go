// Package contracts declares the repository port; the handler calls it and
// a repository package implements it (shape from a mediator-style service
// wired with uber-fx).
package contracts

import "context"

type Products interface {
	GetProductByID(ctx context.Context, id string) (string, error)
	UpdateProduct(ctx context.Context, id, name string) error
}
