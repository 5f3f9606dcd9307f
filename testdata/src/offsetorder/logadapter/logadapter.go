// Package logadapter is watermill's shape: hand the message over, wait for
// the ack, mark, then log through a logger interface (not a handler).
package logadapter

import "github.com/IBM/sarama"

type Fields map[string]any

type Logger interface {
	Trace(msg string, fields Fields)
}

type Handler struct {
	out    chan<- []byte
	acked  chan struct{}
	logger Logger
}

func (h Handler) process(m *sarama.ConsumerMessage, sess sarama.ConsumerGroupSession) { // want process:"commitsOffset"
	fields := Fields{"offset": m.Offset}
	h.out <- m.Value
	<-h.acked
	sess.MarkMessage(m, "")
	h.logger.Trace("message acked", fields)
}
