// Package commit wraps CommitMessages in a helper that logs a failed commit
// through the project's Logger interface. The log call after the commit is
// not work on the message, so the helper must stay silent (issue 13: logging
// after the commit, also through a project logger interface).
package commit

import (
	"context"
	"log"

	"github.com/segmentio/kafka-go"
)

type Logger interface {
	WarnMsg(msg string, err error)
}

type stdLogger struct{}

func (stdLogger) WarnMsg(msg string, err error) { log.Printf("%s: %v", msg, err) }

type Processor struct{ log Logger }

func (p *Processor) commitMessage(ctx context.Context, r *kafka.Reader, m kafka.Message) { // want commitMessage:"commitsOffset"
	if err := r.CommitMessages(ctx, m); err != nil {
		p.log.WarnMsg("commitMessage", err)
	}
}

func NewProcessor() *Processor { return &Processor{log: stdLogger{}} }
