// Stub of github.com/Shopify/sarama (signatures of github.com/IBM/sarama v1.61.1): only the declarations idemlint's tests use.
package sarama

type Encoder interface {
	Encode() ([]byte, error)
	Length() int
}

type ByteEncoder []byte

func (b ByteEncoder) Encode() ([]byte, error) { return b, nil }

func (b ByteEncoder) Length() int { return len(b) }

type ProducerMessage struct {
	Topic string
	Key   Encoder
	Value Encoder
}

type SyncProducer interface {
	SendMessage(msg *ProducerMessage) (partition int32, offset int64, err error)

	SendMessages(msgs []*ProducerMessage) error

	Close() error
}
