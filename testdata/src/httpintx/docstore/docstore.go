package docstore

import (
	"context"
	"net/http"

	"cloud.google.com/go/firestore"
	"cloud.google.com/go/spanner"
	"go.mongodb.org/mongo-driver/mongo"
)

func Firestore(ctx context.Context, c *firestore.Client, doc *firestore.DocumentRef, url string) error {
	return c.RunTransaction(ctx, func(ctx context.Context, tx *firestore.Transaction) error {
		if _, err := http.Get(url); err != nil { // want `HTTP call http\.Get inside the transaction begun at docstore\.go:13`
			return err
		}
		return tx.Set(doc, map[string]any{"paid": true})
	})
}

func Spanner(ctx context.Context, c *spanner.Client, url string) error {
	_, err := c.ReadWriteTransaction(ctx, func(ctx context.Context, tx *spanner.ReadWriteTransaction) error {
		if err := tx.BufferWrite(nil); err != nil {
			return err
		}
		_, err := http.Post(url, "application/json", nil) // want `HTTP call http\.Post inside the transaction begun at docstore\.go:22`
		return err
	})
	return err
}

func Mongo(ctx context.Context, s mongo.Session, coll *mongo.Collection, url string) error {
	_, err := s.WithTransaction(ctx, func(ctx mongo.SessionContext) (interface{}, error) {
		if _, err := coll.InsertOne(ctx, map[string]any{"k": 1}); err != nil {
			return nil, err
		}
		return http.Get(url) // want `HTTP call http\.Get inside the transaction begun at docstore\.go:33`
	})
	return err
}

// Good: the call is made before the transaction, its result written inside.
func FirestoreBefore(ctx context.Context, c *firestore.Client, doc *firestore.DocumentRef, url string) error {
	resp, err := http.Get(url)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	return c.RunTransaction(ctx, func(ctx context.Context, tx *firestore.Transaction) error {
		return tx.Set(doc, map[string]any{"status": resp.StatusCode})
	})
}
