// Package rpcreply serves RabbitMQ RPC requests: the reply published to the
// delivery's ReplyTo after the ack answers a caller that waits with a
// timeout, and a redelivery would never reach it, so it is not the
// message's durable work. A publish on to another exchange or a fixed
// queue after the ack is.
package rpcreply

import (
	"context"
	"database/sql"

	amqp "github.com/rabbitmq/amqp091-go"
)

type Server struct {
	db *sql.DB
	ch *amqp.Channel
}

func (s *Server) save(ctx context.Context, body []byte) error { // want save:"durableWork"
	_, err := s.db.ExecContext(ctx, `INSERT INTO requests (body) VALUES ($1)`, body)
	return err
}

// Serve saves, acks, then replies to d.ReplyTo: silent.
func (s *Server) Serve(ctx context.Context, msgs <-chan amqp.Delivery) { // want Serve:"commitsOffset" Serve:`durableWork\(\(\*Server\)\.save → \(\*sql\.DB\)\.ExecContext\)`
	for d := range msgs {
		err := s.save(ctx, d.Body)
		_ = d.Ack(false)
		body := []byte("ok")
		if err != nil {
			body = []byte("failed")
		}
		_ = s.ch.PublishWithContext(ctx, "", d.ReplyTo, false, false, amqp.Publishing{CorrelationId: d.CorrelationId, Body: body})
	}
}

// ServePtr replies through a pointer to the delivery with the legacy
// Publish: silent.
func (s *Server) ServePtr(ctx context.Context, msgs <-chan amqp.Delivery) { // want ServePtr:"commitsOffset" ServePtr:`durableWork\(\(\*Server\)\.save → \(\*sql\.DB\)\.ExecContext\)`
	for d := range msgs {
		p := &d
		_ = s.save(ctx, p.Body)
		_ = p.Ack(false)
		_ = s.ch.Publish("", p.ReplyTo, false, false, amqp.Publishing{CorrelationId: p.CorrelationId})
	}
}

// Forward acks, then publishes the message on: that publish is its work.
func (s *Server) Forward(ctx context.Context, msgs <-chan amqp.Delivery) { // want Forward:"commitsOffset" Forward:"durableWork"
	for d := range msgs {
		_ = d.Ack(false) // want `acknowledged by amqp091.Delivery.Ack before`
		_ = s.ch.PublishWithContext(ctx, "orders", "order.created", false, false, amqp.Publishing{Body: d.Body})
	}
}

// Notify acks, then publishes to a fixed queue named like a reply queue:
// the routing key is not the delivery's ReplyTo, so it is work.
func (s *Server) Notify(ctx context.Context, msgs <-chan amqp.Delivery) { // want Notify:"commitsOffset" Notify:"durableWork"
	for d := range msgs {
		_ = d.Ack(false) // want `acknowledged by amqp091.Delivery.Ack before`
		_ = s.ch.PublishWithContext(ctx, "", "replies", false, false, amqp.Publishing{Body: d.Body})
	}
}
