// Package sqs holds SQS (aws-sdk-go-v2) consumers: deletes before and after the work.
package sqs

import (
	"context"
	"database/sql"

	"github.com/aws/aws-sdk-go-v2/service/sqs"
)

// Bad: the message is deleted from the queue before it is written.
func DeleteFirst(ctx context.Context, c *sqs.Client, db *sql.DB, queue *string) error { // want DeleteFirst:"commitsOffset" DeleteFirst:"durableWork"
	out, err := c.ReceiveMessage(ctx, &sqs.ReceiveMessageInput{QueueUrl: queue})
	if err != nil {
		return err
	}
	for _, m := range out.Messages {
		if _, err := c.DeleteMessage(ctx, &sqs.DeleteMessageInput{QueueUrl: queue, ReceiptHandle: m.ReceiptHandle}); err != nil { // want `message acknowledged by \(\*sqs\.Client\)\.DeleteMessage before \(\*sql\.DB\)\.ExecContext \(sqs\.go:21\)`
			return err
		}
		if _, err := db.ExecContext(ctx, "INSERT INTO processed_event(event_id) VALUES ($1)", *m.MessageId); err != nil {
			return err
		}
	}
	return nil
}

// Good: written, then deleted.
func DeleteAfter(ctx context.Context, c *sqs.Client, db *sql.DB, queue *string) error { // want DeleteAfter:"commitsOffset" DeleteAfter:"durableWork"
	out, err := c.ReceiveMessage(ctx, &sqs.ReceiveMessageInput{QueueUrl: queue})
	if err != nil {
		return err
	}
	for _, m := range out.Messages {
		if _, err := db.ExecContext(ctx, "INSERT INTO processed_event(event_id) VALUES ($1)", *m.MessageId); err != nil {
			continue // redelivered after the visibility timeout
		}
		if _, err := c.DeleteMessage(ctx, &sqs.DeleteMessageInput{QueueUrl: queue, ReceiptHandle: m.ReceiptHandle}); err != nil {
			return err
		}
	}
	return nil
}
