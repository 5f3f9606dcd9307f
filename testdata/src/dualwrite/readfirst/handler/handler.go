// want package:`pendingPorts\(contracts.Products.UpdateProduct: handler.\(\*UpdateHandler\).Handle at handler.go:29\)`

// Package handler reads the product through the port, updates it, then
// publishes with a Kafka writer it holds: the publish is known, the
// write is a port, and the first port called is a read.
package handler

import (
	"context"

	"github.com/segmentio/kafka-go"

	"dualwrite/readfirst/contracts"
)

type UpdateHandler struct {
	products contracts.Products
	w        *kafka.Writer
}

func NewUpdateHandler(products contracts.Products, w *kafka.Writer) *UpdateHandler {
	return &UpdateHandler{products: products, w: w}
}

func (h *UpdateHandler) Handle(ctx context.Context, id, name string) error {
	if _, err := h.products.GetProductByID(ctx, id); err != nil {
		return err
	}
	if err := h.products.UpdateProduct(ctx, id, name); err != nil {
		return err
	}
	return h.w.WriteMessages(ctx, kafka.Message{Key: []byte(id), Value: []byte(name)})
}
