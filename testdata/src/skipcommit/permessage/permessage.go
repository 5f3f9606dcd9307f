// Package permessage holds per-message handlers of a kafka-go worker that
// commit their message on success.
package permessage

import (
	"context"
	"log"
	"time"

	"github.com/segmentio/kafka-go"
)

type service interface {
	Create(ctx context.Context, key []byte) error
}

type processor struct {
	svc service
}

// worker fetches and hands each message to process.
func (p *processor) worker(ctx context.Context, r *kafka.Reader) { // want worker:"commitsOffset" worker:"durableWork"
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		p.process(ctx, r, m)
	}
}

// Bad: after the retries give up, process returns without committing and
// without an error: the worker's next message commits past this one.
func (p *processor) process(ctx context.Context, r *kafka.Reader, m kafka.Message) { // want process:"commitsOffset" process:"durableWork"
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if err = p.svc.Create(ctx, m.Key); err == nil {
			break
		}
		time.Sleep(time.Second)
	}
	if err != nil {
		log.Printf("create: %v", err)
		return // want `service.Create fails \(permessage.go:37\) and \(\*processor\).process returns without an error: \(\*kafka.Reader\).CommitMessages \(permessage.go:46\) of the next message commits past this one`
	}
	if err := r.CommitMessages(ctx, m); err != nil {
		log.Printf("commit: %v", err)
	}
}

// Good: the error goes back to the caller.
func (p *processor) processOrFail(ctx context.Context, r *kafka.Reader, m kafka.Message) error { // want processOrFail:"commitsOffset" processOrFail:"durableWork"
	if err := p.svc.Create(ctx, m.Key); err != nil {
		return err
	}
	return r.CommitMessages(ctx, m)
}

// fetch is a helper returning the next message.
func fetch(ctx context.Context, r *kafka.Reader) (kafka.Message, error) {
	m, err := r.FetchMessage(ctx)
	if err != nil {
		log.Printf("fetch: %v", err)
	}
	return m, err
}

// backoffOrStop sleeps, or says to stop when the context is done.
func backoffOrStop(ctx context.Context, d *time.Duration) bool {
	select {
	case <-ctx.Done():
		return false
	case <-time.After(*d):
		*d *= 2
		return true
	}
}

type inbox interface {
	Write(ctx context.Context, m kafka.Message) error
}

// Bad: the inbox write fails, the loop backs off and continues with the
// next message from its fetch helper; the next commit passes the failed one.
func backoffContinue(ctx context.Context, r *kafka.Reader, in inbox) {
	backoff := time.Second
	for {
		m, err := fetch(ctx, r)
		if err != nil {
			if !backoffOrStop(ctx, &backoff) {
				return
			}
			continue
		}
		if err := in.Write(ctx, m); err != nil {
			if !backoffOrStop(ctx, &backoff) {
				return
			}
			continue // want `inbox.Write fails \(permessage.go:95\) and the loop moves on: \(\*kafka.Reader\).CommitMessages \(permessage.go:101\)`
		}
		if err := r.CommitMessages(ctx, m); err != nil {
			continue
		}
	}
}

// Bad: ReadMessage on a group reader commits as it reads: the failed
// message is behind the next read's commit.
func readMessageGroup(ctx context.Context, in inbox) {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"k:9092"}, GroupID: "g", Topic: "t"})
	for {
		m, err := r.ReadMessage(ctx)
		if err != nil {
			return
		}
		if err := in.Write(ctx, m); err != nil {
			log.Printf("write: %v", err)
			continue // want `inbox.Write fails \(permessage.go:116\) and the loop moves on: \(\*kafka.Reader\).ReadMessage \(the group reader commits as it reads\) \(permessage.go:112\)`
		}
	}
}

// Bad: handle swallows the failure and returns nil; its caller commits.
func (p *processor) handle(ctx context.Context, m kafka.Message) error { // want handle:"durableWork"
	if err := p.svc.Create(ctx, m.Key); err != nil {
		log.Printf("create: %v", err)
		return nil // want `service.Create fails \(permessage.go:125\) and \(\*processor\).handle returns nil: its caller then commits the message, \(\*kafka.Reader\).CommitMessages \(permessage.go:141\)`
	}
	return nil
}

func (p *processor) loop(ctx context.Context, r *kafka.Reader) error { // want loop:"commitsOffset" loop:"durableWork"
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := p.handle(ctx, m); err != nil {
			return err
		}
		if err := r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}

// Bad: the handler is passed as a method value to the loop that calls it
// and commits.
func (p *processor) handleValue(ctx context.Context, m kafka.Message) error { // want handleValue:"durableWork"
	if err := p.svc.Create(ctx, m.Key); err != nil {
		log.Printf("create: %v", err)
		return nil // want `service.Create fails \(permessage.go:150\) and \(\*processor\).handleValue returns nil: its caller then commits the message, \(\*kafka.Reader\).CommitMessages \(permessage.go:170\)`
	}
	return nil
}

func (p *processor) start(ctx context.Context, r *kafka.Reader) error { // want start:"commitsOffset" start:"durableWork"
	return consumeWith(ctx, r, p.handleValue)
}

func consumeWith(ctx context.Context, r *kafka.Reader, fn func(context.Context, kafka.Message) error) error {
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := fn(ctx, m); err != nil {
			return err
		}
		if err := r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}
