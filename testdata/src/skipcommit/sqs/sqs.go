// Package sqs holds an SQS receive loop.
package sqs

import (
	"context"
	"log"

	"github.com/aws/aws-sdk-go-v2/service/sqs"
)

type handler interface {
	Handle(ctx context.Context, body *string) error
}

// Bad: the failure is logged and the message deleted anyway.
func deleteAnyway(ctx context.Context, c *sqs.Client, url *string, h handler) {
	for {
		out, err := c.ReceiveMessage(ctx, &sqs.ReceiveMessageInput{QueueUrl: url})
		if err != nil {
			return
		}
		for _, m := range out.Messages {
			if err := h.Handle(ctx, m.Body); err != nil {
				log.Printf("handle: %v", err) // want `handler.Handle fails \(sqs.go:23\) and \(\*sqs.Client\).DeleteMessage \(sqs.go:26\) still acks the message`
			}
			_, _ = c.DeleteMessage(ctx, &sqs.DeleteMessageInput{QueueUrl: url, ReceiptHandle: m.ReceiptHandle})
		}
	}
}

// Good: left in the queue, it comes back after the visibility timeout.
func leave(ctx context.Context, c *sqs.Client, url *string, h handler) {
	for {
		out, err := c.ReceiveMessage(ctx, &sqs.ReceiveMessageInput{QueueUrl: url})
		if err != nil {
			return
		}
		for _, m := range out.Messages {
			if err := h.Handle(ctx, m.Body); err != nil {
				log.Printf("handle: %v", err)
				continue
			}
			_, _ = c.DeleteMessage(ctx, &sqs.DeleteMessageInput{QueueUrl: url, ReceiptHandle: m.ReceiptHandle})
		}
	}
}
