// Package rpc serves requests over RabbitMQ RPC (batch 6 sweep: a payment
// service and an auth service behind an HTTP gateway). Each request's work
// (a user insert) is durable before the ack; what follows the ack is the
// reply, published to the delivery's ReplyTo with its CorrelationId for a
// caller that waits with a timeout. A redelivery would never reach that
// caller, so acking after the reply protects nothing: the reply is not the
// message's durable work.
package rpc

import (
	"context"
	"database/sql"

	amqp "github.com/rabbitmq/amqp091-go"
)

type Server struct {
	db *sql.DB
	ch *amqp.Channel
}

func (s *Server) register(ctx context.Context, body []byte) []byte { // want register:`durableWork\(\(\*sql\.DB\)\.ExecContext\)`
	if _, err := s.db.ExecContext(ctx, `INSERT INTO users (payload) VALUES ($1)`, body); err != nil {
		return []byte(`{"error":"register failed"}`)
	}
	return []byte(`{"ok":true}`)
}

// Serve acks once the insert is done, then answers the caller: silent.
func (s *Server) Serve(ctx context.Context, msgs <-chan amqp.Delivery) { // want Serve:`commitsOffset\(amqp091\.Delivery\.Ack\)` Serve:`durableWork\(\(\*Server\)\.register → \(\*sql\.DB\)\.ExecContext\)`
	for d := range msgs {
		reply := s.register(ctx, d.Body)
		_ = d.Ack(false)
		_ = s.ch.PublishWithContext(ctx, "", d.ReplyTo, false, false, amqp.Publishing{CorrelationId: d.CorrelationId, Body: reply})
	}
}

// Forward acks before it publishes the message on to another exchange: that
// publish is the message's work, and a crash after the ack loses it.
func (s *Server) Forward(ctx context.Context, msgs <-chan amqp.Delivery) { // want Forward:`commitsOffset\(amqp091\.Delivery\.Ack\)` Forward:`durableWork\(\(\*amqp091\.Channel\)\.PublishWithContext\)`
	for d := range msgs {
		_ = d.Ack(false) // want `acknowledged by amqp091.Delivery.Ack before`
		_ = s.ch.PublishWithContext(ctx, "users", "user.registered", false, false, amqp.Publishing{Body: d.Body})
	}
}
