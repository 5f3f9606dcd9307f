// Package brokers holds handlers of brokers and job queues other than Kafka:
// each runs once per delivery, so a key made inside is a key per attempt.
package brokers

import (
	"context"
	"database/sql"
	"net/http"

	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/google/uuid"
	"github.com/hibiken/asynq"
	"github.com/nats-io/nats.go/jetstream"
	amqp "github.com/rabbitmq/amqp091-go"
	"github.com/riverqueue/river"
	"go.temporal.io/sdk/worker"
	"go.temporal.io/sdk/workflow"
)

const insertProcessed = `INSERT INTO processed_event (event_id) VALUES ($1) ON CONFLICT DO NOTHING`

// Bad: a watermill handler that the router redelivers after an error.
func WatermillHandler(db *sql.DB) message.NoPublishHandlerFunc {
	return func(msg *message.Message) error {
		_, err := db.ExecContext(msg.Context(), insertProcessed, uuid.NewString()) // want `uuid.NewString in the handling of one delivery \(watermill message handler\) makes a new key per redelivery and it reaches the key of a processed-event insert`
		return err
	}
}

// Good: the key is the message's own UUID.
func WatermillGood(db *sql.DB) message.NoPublishHandlerFunc {
	return func(msg *message.Message) error {
		_, err := db.ExecContext(msg.Context(), insertProcessed, msg.UUID)
		return err
	}
}

// Bad: a loop over RabbitMQ deliveries.
func AMQPLoop(ctx context.Context, ch *amqp.Channel, db *sql.DB) error {
	msgs, err := ch.Consume("orders", "", false, false, false, false, nil)
	if err != nil {
		return err
	}
	for d := range msgs {
		id := uuid.NewString() // want `uuid.NewString in the handling of one delivery \(loop over each amqp091 delivery\) makes a new key per redelivery`
		if _, err := db.ExecContext(ctx, insertProcessed, id); err != nil {
			return err
		}
		_ = d.Ack(false)
	}
	return nil
}

// Good: the key is the publisher's message ID.
func AMQPGood(ctx context.Context, ch *amqp.Channel, db *sql.DB) error {
	msgs, err := ch.Consume("orders", "", false, false, false, false, nil)
	if err != nil {
		return err
	}
	for d := range msgs {
		if _, err := db.ExecContext(ctx, insertProcessed, d.MessageId); err != nil {
			return err
		}
		_ = d.Ack(false)
	}
	return nil
}

// Bad: a JetStream consumer callback.
func JetStream(cons jetstream.Consumer, db *sql.DB) error {
	_, err := cons.Consume(func(msg jetstream.Msg) {
		if _, err := db.Exec(insertProcessed, uuid.New().String()); err != nil { // want `uuid.New in the handling of one delivery \(JetStream message handler\) makes a new key per redelivery`
			_ = msg.Nak()
			return
		}
		_ = msg.Ack()
	})
	return err
}

// Bad: an asynq task handler.
func ProcessPayment(ctx context.Context, t *asynq.Task) error {
	_, err := db.ExecContext(ctx, insertProcessed, uuid.NewString()) // want `uuid.NewString in the handling of one delivery \(asynq task handler ProcessPayment\) makes a new key per redelivery`
	return err
}

var db *sql.DB

type ChargeArgs struct{ OrderID string }

func (ChargeArgs) Kind() string { return "charge" }

type ChargeWorker struct {
	river.WorkerDefaults[ChargeArgs]
}

// Bad: a river worker.
func (w *ChargeWorker) Work(ctx context.Context, job *river.Job[ChargeArgs]) error {
	_, err := db.ExecContext(ctx, insertProcessed, uuid.NewString()) // want `uuid.NewString in the handling of one delivery \(river job handler Work\) makes a new key per redelivery`
	return err
}

// Good: the key comes from the job.
func (w *ChargeWorker) workGood(ctx context.Context, job *river.Job[ChargeArgs]) error {
	_, err := db.ExecContext(ctx, insertProcessed, job.Args.OrderID)
	return err
}

// Temporal activities: Temporal retries them by default.
type Activities struct{ client *http.Client }

// Charge mints its idempotency key inside the activity: every retry is a new charge.
func (a *Activities) Charge(ctx context.Context, orderID string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://psp.example/charges", nil)
	if err != nil {
		return err
	}
	req.Header.Set("Idempotency-Key", uuid.NewString()) // want `uuid.NewString in Temporal activity Charge \(retried by default\) makes a new idempotency key on every attempt \(it reaches the Idempotency-Key header\)`
	_, err = a.client.Do(req)
	return err
}

// Refund takes its key from the workflow: the same on every attempt.
func (a *Activities) Refund(ctx context.Context, orderID, key string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://psp.example/refunds", nil)
	if err != nil {
		return err
	}
	req.Header.Set("Idempotency-Key", key)
	_, err = a.client.Do(req)
	return err
}

func Register(w worker.Worker, a *Activities) {
	w.RegisterActivity(a)
}

// Notify is executed by name from the workflow below.
func Notify(ctx context.Context, userID string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://mail.example/send", nil)
	if err != nil {
		return err
	}
	req.Header.Set("Idempotency-Key", uuid.NewString()) // want `uuid.NewString in Temporal activity Notify \(retried by default\)`
	_, err = http.DefaultClient.Do(req)
	return err
}

func OrderWorkflow(ctx workflow.Context, userID string) error {
	return workflow.ExecuteActivity(ctx, Notify, userID).Get(ctx, nil)
}
