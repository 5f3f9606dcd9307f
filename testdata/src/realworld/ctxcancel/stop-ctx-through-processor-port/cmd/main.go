// Command main cancels the consume context after SIGTERM and wires the // want package:`wired\(1\)`
// processor and its publisher into the consumer.
package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"

	"github.com/segmentio/kafka-go"

	"realworld/ctxcancel/stop-ctx-through-processor-port/consumer"
	"realworld/ctxcancel/stop-ctx-through-processor-port/kafkapub"
	"realworld/ctxcancel/stop-ctx-through-processor-port/processor"
)

func main() {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, syscall.SIGINT, syscall.SIGTERM)
	go func() {
		<-sigs
		cancel()
	}()
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"kafka:9092"}, GroupID: "orders-worker", Topic: "orders"})
	c := consumer.New(processor.New(kafkapub.New()), r) // want `ctx is cancelled on shutdown .* reaches consumer.Processor.Handle .* → .*WriteMessages.*\(wired here\)`
	c.Consume(ctx)
}
