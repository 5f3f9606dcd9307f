// Stub of github.com/aws/aws-sdk-go-v2/service/sqs v1.42.0 (api_client.go, api_op_ReceiveMessage.go,
// api_op_DeleteMessage.go, api_op_SendMessage.go): only the declarations used by tests.
package sqs

import (
	"context"

	"github.com/aws/aws-sdk-go-v2/service/sqs/types"
)

type Options struct{}

type Client struct{}

type ReceiveMessageInput struct {
	QueueUrl            *string
	MaxNumberOfMessages int32
}

type ReceiveMessageOutput struct {
	Messages []types.Message
}

type DeleteMessageInput struct {
	QueueUrl      *string
	ReceiptHandle *string
}

type DeleteMessageOutput struct{}

func (c *Client) ReceiveMessage(ctx context.Context, params *ReceiveMessageInput, optFns ...func(*Options)) (*ReceiveMessageOutput, error) {
	return nil, nil
}

func (c *Client) DeleteMessage(ctx context.Context, params *DeleteMessageInput, optFns ...func(*Options)) (*DeleteMessageOutput, error) {
	return nil, nil
}

type SendMessageInput struct {
	MessageBody *string
	QueueUrl    *string
}

type SendMessageOutput struct {
	MessageId *string
}

func (c *Client) SendMessage(ctx context.Context, params *SendMessageInput, optFns ...func(*Options)) (*SendMessageOutput, error) {
	return nil, nil
}
