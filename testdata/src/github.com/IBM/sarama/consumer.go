// Stub of github.com/IBM/sarama (signatures of github.com/IBM/sarama v1.61.1): only the declarations idemlint's tests use.
package sarama

import "time"

type RecordHeader struct {
	Key   []byte
	Value []byte
}

type ConsumerMessage struct {
	Headers        []*RecordHeader
	Timestamp      time.Time
	BlockTimestamp time.Time

	Key, Value []byte
	Topic      string
	Partition  int32
	Offset     int64
}
