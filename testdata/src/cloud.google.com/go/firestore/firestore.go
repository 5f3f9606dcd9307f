// Stub of cloud.google.com/go/firestore v1.18.0 (client.go, transaction.go): only the declarations used by tests.
package firestore

import "context"

type Client struct{}

type Transaction struct{}

type TransactionOption interface{}

type DocumentRef struct{}

func (c *Client) RunTransaction(ctx context.Context, f func(context.Context, *Transaction) error, opts ...TransactionOption) (err error) {
	return nil
}

func (t *Transaction) Set(dr *DocumentRef, data interface{}) error { return nil }
