// Stub of github.com/IBM/sarama v1.61.1 (config.go, async_producer.go, sync_producer.go):
// the producer configuration lossypublish's tests use.
package sarama

type RequiredAcks int16

const (
	NoResponse   RequiredAcks = 0
	WaitForLocal RequiredAcks = 1
	WaitForAll   RequiredAcks = -1
)

type Config struct {
	Producer struct {
		RequiredAcks RequiredAcks
		Return       struct {
			Successes bool
			Errors    bool
		}
	}
}

func NewConfig() *Config { return &Config{} }

func NewSyncProducer(addrs []string, config *Config) (SyncProducer, error) { return nil, nil }

type ProducerError struct {
	Msg *ProducerMessage
	Err error
}

type AsyncProducer interface {
	Input() chan<- *ProducerMessage
	Successes() <-chan *ProducerMessage
	Errors() <-chan *ProducerError
	Close() error
}

func NewAsyncProducer(addrs []string, conf *Config) (AsyncProducer, error) { return nil, nil }
