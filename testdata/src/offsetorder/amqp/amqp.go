// Package amqp holds RabbitMQ (amqp091-go) consumers: acks before and after the work.
package amqp

import (
	"context"
	"database/sql"
	"encoding/json"

	amqp "github.com/rabbitmq/amqp091-go"
	"github.com/redis/go-redis/v9"
	"go.mongodb.org/mongo-driver/mongo"
)

type Event struct{ ID string }

// Bad: the delivery is acked, then written: a SIGTERM in between loses it.
func AckFirst(ctx context.Context, ch *amqp.Channel, db *sql.DB) error { // want AckFirst:"commitsOffset" AckFirst:"durableWork"
	msgs, err := ch.Consume("orders", "", false, false, false, false, nil)
	if err != nil {
		return err
	}
	for d := range msgs {
		_ = d.Ack(false) // want `message acknowledged by amqp091\.Delivery\.Ack before \(\*sql\.DB\)\.ExecContext \(amqp\.go:28\) handles the message`
		var ev Event
		if err := json.Unmarshal(d.Body, &ev); err != nil {
			continue
		}
		if _, err := db.ExecContext(ctx, "INSERT INTO processed_event(event_id) VALUES ($1)", ev.ID); err != nil {
			return err
		}
	}
	return nil
}

// Good: the ack comes after the write.
func AckAfter(ctx context.Context, ch *amqp.Channel, db *sql.DB) error { // want AckAfter:"commitsOffset" AckAfter:"durableWork"
	msgs, err := ch.Consume("orders", "", false, false, false, false, nil)
	if err != nil {
		return err
	}
	for d := range msgs {
		var ev Event
		if err := json.Unmarshal(d.Body, &ev); err != nil {
			_ = d.Reject(false)
			continue
		}
		if _, err := db.ExecContext(ctx, "INSERT INTO processed_event(event_id) VALUES ($1)", ev.ID); err != nil {
			_ = d.Nack(false, true)
			continue
		}
		_ = d.Ack(false)
	}
	return nil
}

// Bad: the ack overtakes a MongoDB write.
func AckBeforeMongo(ctx context.Context, msgs <-chan amqp.Delivery, coll *mongo.Collection) { // want AckBeforeMongo:"commitsOffset" AckBeforeMongo:"durableWork"
	for d := range msgs {
		_ = d.Ack(false) // want `message acknowledged by amqp091\.Delivery\.Ack before \(\*mongo\.Collection\)\.InsertOne`
		_, _ = coll.InsertOne(ctx, map[string]any{"body": d.Body})
	}
}

// Bad: the ack overtakes a Redis write.
func AckBeforeRedis(ctx context.Context, msgs <-chan amqp.Delivery, rdb *redis.Client) { // want AckBeforeRedis:"commitsOffset" AckBeforeRedis:"durableWork"
	for d := range msgs {
		_ = d.Ack(false) // want `message acknowledged by amqp091\.Delivery\.Ack before redis\.cmdable\.LPush`
		rdb.LPush(ctx, "invoices", d.Body)
	}
}

// Bad: autoAck true: RabbitMQ forgets each message as it sends it.
func AutoAck(ctx context.Context, ch *amqp.Channel, db *sql.DB) error { // want AutoAck:"durableWork"
	msgs, err := ch.Consume("orders", "", true, false, false, false, nil) // want `\(\*amqp091\.Channel\)\.Consume with autoAck true acknowledges each delivery as it is sent, before \(\*sql\.DB\)\.ExecContext \(amqp\.go:\d+\) handles it`
	if err != nil {
		return err
	}
	for d := range msgs {
		if _, err := db.ExecContext(ctx, "INSERT INTO processed_event(event_id) VALUES ($1)", d.MessageId); err != nil {
			return err
		}
	}
	return nil
}
