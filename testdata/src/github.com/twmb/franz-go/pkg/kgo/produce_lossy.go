// Stub of github.com/twmb/franz-go/pkg/kgo v1.22.3 (config.go): the producer options
// lossypublish's tests use.
package kgo

type ProducerOpt interface {
	Opt
	producerOpt()
}

type producerOpt struct{ fn func(*cfg) }

func (o producerOpt) apply(cfg *cfg) { o.fn(cfg) }
func (producerOpt) producerOpt()     {}

type Acks struct{ val int16 }

func NoAck() Acks      { return Acks{0} }
func LeaderAck() Acks  { return Acks{1} }
func AllISRAcks() Acks { return Acks{-1} }

func RequiredAcks(acks Acks) ProducerOpt { return producerOpt{func(*cfg) {}} }

func DisableIdempotentWrite() ProducerOpt { return producerOpt{func(*cfg) {}} }
