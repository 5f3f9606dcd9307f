// Package pool starts N workers on one kafka-go group reader, handed over as
// a method value. Messages of one partition are spread over the workers, and
// CommitMessages is cumulative per partition: a worker that finishes offset 11
// commits past offset 10, which another worker is still handling (or failed).
// A crash or a failure then loses offset 10 (issue 12: goroutines and method
// values; the commit races the work of a sibling goroutine).
package pool

import (
	"context"
	"database/sql"
	"sync"

	"github.com/segmentio/kafka-go"
)

type Worker func(ctx context.Context, r *kafka.Reader, wg *sync.WaitGroup, id int)

func ConsumeTopic(ctx context.Context, topic string, size int, worker Worker) { // want ConsumeTopic:"durableWork\\(worker\\)"
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"kafka:9092"}, GroupID: "writer", Topic: topic})
	defer r.Close()
	wg := &sync.WaitGroup{}
	for i := 0; i < size; i++ {
		wg.Add(1)
		go worker(ctx, r, wg, i) // want `workers share one group reader`
	}
	wg.Wait()
}

type Processor struct{ db *sql.DB }

func (p *Processor) Process(ctx context.Context, r *kafka.Reader, wg *sync.WaitGroup, id int) { // want Process:"commitsOffset" Process:"durableWork"
	defer wg.Done()
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		if _, err := p.db.ExecContext(ctx, `INSERT INTO products (id) VALUES ($1)`, string(m.Key)); err != nil {
			continue
		}
		_ = r.CommitMessages(ctx, m)
	}
}

func Start(ctx context.Context, p *Processor) { // want Start:"durableWork"
	go ConsumeTopic(ctx, "products", 8, p.Process)
}
