// Package consumer is a generic RabbitMQ consumer on streadway/amqp (batch3
// sweep: a shop's shared rabbitmq package): each service plugs its handler in
// as a function field, and the delivery loop runs in a goroutine. The loop
// logs a handler's error and acks the delivery anyway, so a product whose
// inventory row failed to write is never seen again.
package consumer

import (
	"context"
	"log"

	"github.com/streadway/amqp"
)

type Consumer struct {
	ctx     context.Context
	conn    *amqp.Connection
	handler func(queue string, msg amqp.Delivery) error
}

func (c *Consumer) Consume(queue string) error { // want Consume:`durableWork\(func literal → handler\)`
	ch, err := c.conn.Channel()
	if err != nil {
		return err
	}
	deliveries, err := ch.Consume(queue, "", false, false, false, false, nil)
	if err != nil {
		return err
	}
	go func() {
		for {
			select {
			case <-c.ctx.Done():
				_ = ch.Close()
				return
			case delivery, ok := <-deliveries:
				if !ok {
					return
				}
				err := c.handler(queue, delivery)
				if err != nil {
					log.Print(err.Error()) // want `still acks the message`
				}
				if err := delivery.Ack(false); err != nil {
					log.Printf("ack: %v", err)
				}
			}
		}
	}()
	return nil
}

// ConsumeRequeue is the correct form: a failed delivery goes back to the queue.
func (c *Consumer) ConsumeRequeue(queue string) error { // want ConsumeRequeue:`durableWork\(func literal → handler\)`
	ch, err := c.conn.Channel()
	if err != nil {
		return err
	}
	deliveries, err := ch.Consume(queue, "", false, false, false, false, nil)
	if err != nil {
		return err
	}
	go func() {
		for delivery := range deliveries {
			if err := c.handler(queue, delivery); err != nil {
				log.Print(err.Error())
				_ = delivery.Nack(false, true)
				continue
			}
			_ = delivery.Ack(false)
		}
	}()
	return nil
}
