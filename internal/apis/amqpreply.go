package apis

import "go/types"

// RPC replies over RabbitMQ. A server answers a request by publishing to
// the delivery's ReplyTo queue with its CorrelationId; the caller waits
// with a timeout, and a redelivered request would never reach it. Such a
// publish answers the message; it is not the message's durable work.

// AMQPRoutingKeyParam returns the index, among fn's parameters (receiver
// excluded), of the routing key of an AMQP channel publish, or -1.
func AMQPRoutingKeyParam(fn *types.Func) int {
	d := Describe(fn)
	if (d.Path != amqp091 && d.Path != streadwayAMQP) || d.Recv != "Channel" {
		return -1
	}
	switch d.Name {
	case "Publish", "PublishWithDeferredConfirm":
		return 1 // exchange, key, mandatory, immediate, msg
	case "PublishWithContext", "PublishWithDeferredConfirmWithContext":
		return 2 // ctx, exchange, key, ...
	}
	return -1
}

// IsAMQPReplyTo reports whether field is the ReplyTo field of an AMQP
// Delivery.
func IsAMQPReplyTo(field *types.Var) bool {
	if field == nil || field.Name() != "ReplyTo" || field.Pkg() == nil {
		return false
	}
	p := NormPath(field.Pkg().Path())
	return p == amqp091 || p == streadwayAMQP
}
