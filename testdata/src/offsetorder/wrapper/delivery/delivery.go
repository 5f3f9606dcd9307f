// Package delivery declares the project's own interfaces over consumed
// messages (for testability) and their adapters, in a package of their
// own, as services do: the consumer package sees the adapters through its
// import of this one.
package delivery

import (
	"context"

	amqp "github.com/rabbitmq/amqp091-go"
	"github.com/segmentio/kafka-go"
)

// Delivery is a RabbitMQ delivery behind the project's interface.
type Delivery interface {
	Body() []byte
	Ack(multiple bool) error
	Nack(multiple, requeue bool) error
}

// Adapter wraps amqp.Delivery; its Ack forwards to the library's.
type Adapter struct{ D amqp.Delivery }

func (a *Adapter) Body() []byte { return a.D.Body }

func (a *Adapter) Ack(multiple bool) error { return a.D.Ack(multiple) } // want Ack:"commitsOffset"

func (a *Adapter) Nack(multiple, requeue bool) error { return a.D.Nack(multiple, requeue) }

func NewAdapter(d amqp.Delivery) *Adapter { return &Adapter{D: d} }

// Record is a Kafka message behind the project's interface, committed
// through the reader it came from.
type Record interface {
	Value() []byte
	Commit(ctx context.Context) error
}

type kafkaRecord struct {
	m kafka.Message
	r *kafka.Reader
}

func (k kafkaRecord) Value() []byte { return k.m.Value }

func (k kafkaRecord) Commit(ctx context.Context) error { return k.r.CommitMessages(ctx, k.m) } // want Commit:"commitsOffset"

// Fetch returns the next message as a Record.
func Fetch(ctx context.Context, r *kafka.Reader) (Record, error) {
	m, err := r.FetchMessage(ctx)
	return kafkaRecord{m: m, r: r}, err
}

// Job is no message wrapper: its implementation holds no consumed message
// (a job of an in-memory queue), so its Done settles nothing a broker
// would deliver again.
type Job interface {
	Payload() []byte
	Done() error
}

type memJob struct {
	payload []byte
	done    map[string]bool
}

func (j *memJob) Payload() []byte { return j.payload }

func (j *memJob) Done() error { j.done[string(j.payload)] = true; return nil }

// Task has two implementations in sight: one wraps a delivery, the other
// (a replay from a file) does not; a call of Ack may be either, so it is
// not taken for an ack of a consumed message.
type Task interface {
	Data() []byte
	Ack() error
}

type amqpTask struct{ d amqp.Delivery }

func (t amqpTask) Data() []byte { return t.d.Body }

func (t amqpTask) Ack() error { return t.d.Ack(false) } // want Ack:"commitsOffset"

type fileTask struct{ line []byte }

func (t fileTask) Data() []byte { return t.line }

func (t fileTask) Ack() error { return nil }

func NewTasks(d amqp.Delivery, line []byte) []Task {
	return []Task{amqpTask{d: d}, fileTask{line: line}}
}
