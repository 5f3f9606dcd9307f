// Stub of go.mongodb.org/mongo-driver v1.17.4 (mongo/options/transactionoptions.go): only the declarations used by tests.
package options

type TransactionOptions struct{}

type InsertOneOptions struct{}
