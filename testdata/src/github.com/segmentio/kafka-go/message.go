// Stub of github.com/segmentio/kafka-go v0.4.51: only the declarations idemlint's tests use.
package kafka

import "time"

type Header struct {
	Key   string
	Value []byte
}

type Message struct {
	Topic string

	Partition     int
	Offset        int64
	HighWaterMark int64
	Key           []byte
	Value         []byte
	Headers       []Header

	WriterData interface{}

	Time time.Time
}
