// Package mongostore appends events to a MongoDB collection.
package mongostore

import (
	"context"

	"go.mongodb.org/mongo-driver/mongo"
)

type Store struct{ coll *mongo.Collection }

func (s *Store) SaveEvents(ctx context.Context, aggregateID string, events []interface{}) error {
	for _, e := range events {
		if _, err := s.coll.InsertOne(ctx, e); err != nil {
			return err
		}
	}
	return nil
}
