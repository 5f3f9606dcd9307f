// Package events defines the messages the orders service consumes.
package events

import "time"

// PaymentSucceeded is published by billing.
type PaymentSucceeded struct {
	EventID  string    `json:"event_id"`
	OrderID  string    `json:"order_id"`
	ChargeID string    `json:"charge_id"`
	At       time.Time `json:"at"`
}

// StockChanged is published by inventory.
type StockChanged struct {
	SKU       string `json:"sku"`
	Available int    `json:"available"`
}
