// Stub of github.com/segmentio/kafka-go v0.4.51 (writer.go, produce.go, transport.go):
// the writer configuration lossypublish's tests use.
package kafka

import (
	"net"
	"time"
)

type RequiredAcks int

const (
	RequireNone RequiredAcks = 0
	RequireOne  RequiredAcks = 1
	RequireAll  RequiredAcks = -1
)

type Addr interface{ net.Addr }

func TCP(address ...string) net.Addr { return nil }

type WriterConfig struct {
	Brokers      []string
	Topic        string
	BatchSize    int
	BatchTimeout time.Duration
	RequiredAcks int
	Async        bool
}

func NewWriter(config WriterConfig) *Writer { return &Writer{} }

func (w *Writer) Close() error { return nil }
