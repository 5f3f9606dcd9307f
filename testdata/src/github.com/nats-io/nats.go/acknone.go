// Stub of github.com/nats-io/nats.go v1.37.0 (js.go): the subscribe options
// that set a JetStream consumer's ack policy.
package nats

// AckNone requires no acks for delivered messages.
func AckNone() SubOpt { return nil }

// AckExplicit requires ack or nack for all messages.
func AckExplicit() SubOpt { return nil }
