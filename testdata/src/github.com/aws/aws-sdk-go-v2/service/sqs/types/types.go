// Stub of github.com/aws/aws-sdk-go-v2/service/sqs v1.42.0 (types/types.go): only the declarations used by tests.
package types

// An Amazon SQS message.
type Message struct {
	Body          *string
	MessageId     *string
	ReceiptHandle *string
}
