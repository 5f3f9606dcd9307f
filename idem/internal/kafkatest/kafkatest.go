// Package kafkatest runs the idem packages' tests against a real Kafka
// protocol peer: franz-go's kfake broker, in process, on localhost. kafka-go
// and franz-go clients talk to it over TCP as they would to a broker.
package kafkatest

import (
	"context"
	"testing"
	"time"

	"github.com/twmb/franz-go/pkg/kfake"
	"github.com/twmb/franz-go/pkg/kgo"
)

// NewCluster starts a one-broker cluster with the given single-partition
// topics and returns it and its addresses; it is closed when the test ends.
func NewCluster(t testing.TB, topics ...string) (*kfake.Cluster, []string) {
	t.Helper()
	return NewPartitioned(t, 1, topics...)
}

// NewPartitioned is NewCluster with topics of the given number of
// partitions.
func NewPartitioned(t testing.TB, partitions int32, topics ...string) (*kfake.Cluster, []string) {
	t.Helper()
	c, err := kfake.NewCluster(kfake.NumBrokers(1), kfake.SeedTopics(partitions, topics...),
		kfake.GroupMinSessionTimeout(100*time.Millisecond))
	if err != nil {
		t.Fatalf("kfake: %v", err)
	}
	t.Cleanup(c.Close)
	return c, c.ListenAddrs()
}

const sentinel = "kafkatest-end"

// ReadAll returns every record of the single-partition topic, in order. It
// appends a marker record and reads up to it, so it sees exactly what was
// produced before the call.
func ReadAll(t testing.TB, addrs []string, topic string) []*kgo.Record {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	cl, err := kgo.NewClient(kgo.SeedBrokers(addrs...),
		kgo.ConsumeTopics(topic), kgo.ConsumeResetOffset(kgo.NewOffset().AtStart()))
	if err != nil {
		t.Fatal(err)
	}
	defer cl.Close()
	if err := cl.ProduceSync(ctx, &kgo.Record{Topic: topic, Key: []byte(sentinel)}).FirstErr(); err != nil {
		t.Fatalf("produce marker: %v", err)
	}
	var out []*kgo.Record
	for {
		fs := cl.PollFetches(ctx)
		if err := ctx.Err(); err != nil {
			t.Fatalf("reading %s: %v (read %d records)", topic, err, len(out))
		}
		for _, e := range fs.Errors() {
			t.Fatalf("fetch %s: %v", topic, e.Err)
		}
		for _, r := range fs.Records() {
			if string(r.Key) == sentinel {
				return out
			}
			out = append(out, r)
		}
	}
}

// Header returns the value of header k of r.
func Header(r *kgo.Record, k string) string {
	for _, h := range r.Headers {
		if h.Key == k {
			return string(h.Value)
		}
	}
	return ""
}

// IsMarker reports whether a record key is ReadAll's end marker, which
// stays in the topic for later consumers to skip.
func IsMarker(key []byte) bool { return string(key) == sentinel }
