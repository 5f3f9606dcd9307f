// Stub of github.com/twmb/franz-go/pkg/kgo v1.22.3: only the declarations idemlint's tests use.
package kgo

import (
	"context"
	"time"
)

type RecordHeader struct {
	Key   string
	Value []byte
}

type Record struct {
	Key   []byte
	Value []byte

	Headers []RecordHeader

	Timestamp time.Time

	Topic string

	Partition int32

	ProducerEpoch int16

	ProducerID int64

	LeaderEpoch int32

	Offset int64

	Context context.Context
}

type FetchPartition struct {
	Partition int32

	Err error

	HighWatermark int64

	LastStableOffset int64

	LogStartOffset int64

	Records []*Record
}

func (p *FetchPartition) EachRecord(fn func(*Record)) {
	for _, r := range p.Records {
		fn(r)
	}
}

type FetchTopic struct {
	Topic string

	TopicID [16]byte

	Partitions []FetchPartition
}

type Fetch struct {
	Topics []FetchTopic
}

type Fetches []Fetch

type FetchError struct {
	Topic     string
	Partition int32
	Err       error
}

func (fs Fetches) Errors() []FetchError { return nil }

func (fs Fetches) IsClientClosed() bool { return false }

func (fs Fetches) EachPartition(fn func(FetchTopicPartition)) {}

func (fs Fetches) EachRecord(fn func(*Record)) {}

func (fs Fetches) Records() []*Record { return nil }

type FetchTopicPartition struct {
	Topic string
	FetchPartition
}

func (r *FetchTopicPartition) EachRecord(fn func(*Record)) {
	for _, r := range r.Records {
		fn(r)
	}
}
