// Package sharedreader: worker pools on kafka-go readers. One group
// reader shared by goroutines started in a loop lets a worker commit past
// a sibling's unfinished message (CommitMessages is cumulative per
// partition); one reader per worker, a partition reader, or a single
// consuming goroutine do not.
package sharedreader

import (
	"context"
	"database/sql"
	"sync"

	"github.com/segmentio/kafka-go"
)

type Worker func(ctx context.Context, r *kafka.Reader, wg *sync.WaitGroup)

func groupReader(topic string) *kafka.Reader {
	return kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"kafka:9092"}, GroupID: "g", Topic: topic})
}

func partitionReader(topic string, p int) *kafka.Reader {
	return kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"kafka:9092"}, Topic: topic, Partition: p})
}

// A worker handed over as a parameter, one group reader made by a helper.
func PoolParam(ctx context.Context, n int, worker Worker) { // want PoolParam:"durableWork\\(worker\\)"
	r := groupReader("orders")
	defer r.Close()
	wg := &sync.WaitGroup{}
	for i := 0; i < n; i++ {
		wg.Add(1)
		go worker(ctx, r, wg) // want `workers share one group reader`
	}
	wg.Wait()
}

type Store struct{ db *sql.DB }

// Work fetches, writes and commits: a committing worker.
func (s *Store) Work(ctx context.Context, r *kafka.Reader, wg *sync.WaitGroup) { // want Work:"commitsOffset" Work:"durableWork"
	defer wg.Done()
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		if _, err := s.db.ExecContext(ctx, `INSERT INTO orders (id) VALUES ($1)`, string(m.Key)); err != nil {
			continue
		}
		_ = r.CommitMessages(ctx, m)
	}
}

// A known committing worker on one reader made in place.
func PoolKnown(ctx context.Context, s *Store, n int) { // want PoolKnown:"durableWork"
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"kafka:9092"}, GroupID: "g", Topic: "orders"})
	wg := &sync.WaitGroup{}
	for range n {
		wg.Add(1)
		go s.Work(ctx, r, wg) // want `workers share one group reader`
	}
	wg.Wait()
}

// Good: each worker its own reader in the group.
func PoolOwnReaders(ctx context.Context, s *Store, n int) { // want PoolOwnReaders:"durableWork"
	wg := &sync.WaitGroup{}
	for range n {
		r := groupReader("orders")
		wg.Add(1)
		go s.Work(ctx, r, wg)
	}
	wg.Wait()
}

// Good: partition readers commit nothing (no group).
func PoolPartitions(ctx context.Context, n int, worker Worker) { // want PoolPartitions:"durableWork\\(worker\\)"
	r := partitionReader("orders", 0)
	wg := &sync.WaitGroup{}
	for range n {
		wg.Add(1)
		go worker(ctx, r, wg)
	}
	wg.Wait()
}

// Good: one consuming goroutine.
func Single(ctx context.Context, s *Store) { // want Single:"durableWork"
	r := groupReader("orders")
	wg := &sync.WaitGroup{}
	wg.Add(1)
	go s.Work(ctx, r, wg)
	wg.Wait()
}

// Good: the goroutines only report the reader's stats.
func (s *Store) stats(r *kafka.Reader, wg *sync.WaitGroup) { wg.Done() }

func Stats(ctx context.Context, s *Store, n int) {
	r := groupReader("orders")
	wg := &sync.WaitGroup{}
	for range n {
		wg.Add(1)
		go s.stats(r, wg)
	}
	wg.Wait()
}

// The reader lives in a heap cell: a deferred closure closes it.
func PoolClosure(ctx context.Context, n int, worker Worker) { // want PoolClosure:"durableWork\\(worker\\)"
	r := groupReader("orders")
	defer func() {
		_ = r.Close()
	}()
	wg := &sync.WaitGroup{}
	for i := 0; i <= n; i++ {
		wg.Add(1)
		go worker(ctx, r, wg) // want `workers share one group reader`
	}
	wg.Wait()
}
