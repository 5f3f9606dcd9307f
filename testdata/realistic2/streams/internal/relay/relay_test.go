package relay

import (
	"context"
	"testing"
	"time"

	"github.com/segmentio/kafka-go"
)

func TestWriterPublishes(t *testing.T) {
	w := NewWriter([]string{"localhost:9092"})
	defer w.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	if err := w.WriteMessages(ctx, kafka.Message{Topic: "test", Value: []byte("x")}); err != nil {
		t.Skip("no broker:", err)
	}
}

func TestHalfDetachedDrainTimed(t *testing.T) {
	h := &HalfDetached{Writer: NewWriter([]string{"localhost:9092"})}
	defer h.Writer.Close()
	if err := h.DrainTimed(context.Background(), []Row{{Topic: "test", Payload: []byte("y")}}); err != nil {
		t.Skip("no broker:", err)
	}
}
