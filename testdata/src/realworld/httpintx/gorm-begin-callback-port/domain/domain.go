// Package domain declares the order repository port of an order service
// (batch3 sweep): the use case hands it the wallet operation as a plain
// func() error to run "atomically" with the status change.
package domain

type OrderRepository interface {
	ProcessCriticalOperation(orderID, newStatus string, walletFunc func() error) error
}
