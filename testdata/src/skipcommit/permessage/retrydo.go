package permessage

import (
	"context"
	"encoding/json"
	"log"

	"github.com/avast/retry-go/v4"
	"github.com/segmentio/kafka-go"
)

type createCommand struct{ Name string }

type commandHandler interface {
	Handle(ctx context.Context, cmd createCommand) error
}

type commandProcessor struct {
	create commandHandler
}

func (p *commandProcessor) commit(ctx context.Context, r *kafka.Reader, m kafka.Message) { // want commit:"commitsOffset"
	if err := r.CommitMessages(ctx, m); err != nil {
		log.Printf("commit: %v", err)
	}
}

// Bad: retry.Do gives up and the handler returns; the worker's next
// message's commit passes this one.
func (p *commandProcessor) processCreate(ctx context.Context, r *kafka.Reader, m kafka.Message) { // want processCreate:"commitsOffset" processCreate:"durableWork"
	var cmd createCommand
	if err := json.Unmarshal(m.Value, &cmd); err != nil {
		log.Printf("unmarshal: %v", err) // a payload that can never be valid: committed on purpose
		p.commit(ctx, r, m)
		return
	}
	if err := retry.Do(func() error {
		return p.create.Handle(ctx, cmd)
	}, retry.Attempts(3), retry.Context(ctx)); err != nil {
		log.Printf("create: %v", err)
		return // want `retry.Do fails \(retrydo.go:37\) and \(\*commandProcessor\).processCreate returns without an error`
	}
	p.commit(ctx, r, m)
}
