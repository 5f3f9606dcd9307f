// Stub of go.mongodb.org/mongo-driver v1.17.4 (mongo/session.go, mongo/collection.go): only the declarations used by tests.
package mongo

import (
	"context"

	"go.mongodb.org/mongo-driver/mongo/options"
)

type SessionContext interface {
	context.Context
}

type Session interface {
	WithTransaction(ctx context.Context, fn func(ctx SessionContext) (interface{}, error),
		opts ...*options.TransactionOptions) (interface{}, error)
	EndSession(context.Context)
}

type Collection struct{}

type InsertOneResult struct{}

func (coll *Collection) InsertOne(ctx context.Context, document interface{},
	opts ...*options.InsertOneOptions) (*InsertOneResult, error) {
	return nil, nil
}
