// Package consumer holds the ledger's Kafka handlers; saramabus's group
// handlers call them through method values.
package consumer

import (
	"context"
	"encoding/json"
	"log/slog"

	"github.com/IBM/sarama"

	"example.com/corpus3/ledger/internal/adapters/sqlstore"
	"example.com/corpus3/ledger/internal/platform/sqltx"
	"example.com/corpus3/ledger/internal/ports"
)

// Postings books postings and announces them.
type Postings struct {
	uow     *sqltx.Factory
	entries ports.Entries
	pub     ports.Publisher
	log     *slog.Logger
}

// NewPostings returns the handler.
func NewPostings(uow *sqltx.Factory, entries ports.Entries, pub ports.Publisher, log *slog.Logger) *Postings {
	return &Postings{uow: uow, entries: entries, pub: pub, log: log}
}

// Process books one posting; the group handler marks the message after it.
func (s *Postings) Process(ctx context.Context, msg *sarama.ConsumerMessage) error {
	var p ports.Posting
	if err := json.Unmarshal(msg.Value, &p); err != nil {
		s.log.Warn("undecodable posting", "offset", msg.Offset, "err", err)
		return nil
	}
	uow, err := s.uow.Begin(ctx)
	if err != nil {
		return err
	}
	defer uow.Rollback()
	// "dedup": the row is written, but nobody looks at whether it was new
	if err := sqlstore.Processed(ctx, uow.Tx(), p.ID); err != nil { // want: onconflict
		return err
	}
	if err := s.entries.Post(ctx, uow.Tx(), p); err != nil {
		return err
	}
	if err := uow.Commit(); err != nil {
		return err
	}
	payload, _ := json.Marshal(p)
	return s.pub.Publish(ctx, "ledger.posted", p.ID, payload)
}

// Refunds books refund postings, gated by the claim.
type Refunds struct {
	uow     *sqltx.Factory
	entries ports.Entries
	pub     ports.Publisher
	log     *slog.Logger
}

// NewRefunds returns the handler.
func NewRefunds(uow *sqltx.Factory, entries ports.Entries, pub ports.Publisher, log *slog.Logger) *Refunds {
	return &Refunds{uow: uow, entries: entries, pub: pub, log: log}
}

// Process books one refund once; the announcement is published before the
// message is marked (a crash between re-announces, consumers dedup on the id).
func (s *Refunds) Process(ctx context.Context, msg *sarama.ConsumerMessage) error {
	var p ports.Posting
	if err := json.Unmarshal(msg.Value, &p); err != nil {
		s.log.Warn("undecodable refund", "offset", msg.Offset, "err", err)
		return nil
	}
	uow, err := s.uow.Begin(ctx)
	if err != nil {
		return err
	}
	defer uow.Rollback()
	fresh, err := sqlstore.ClaimPosting(ctx, uow.Tx(), p.ID) // not a finding (a fixed false positive of offsetorder): the claim runs on uow.Tx(), the same transaction as Entries.Post below, committed together
	if err != nil {
		return err
	}
	if fresh {
		if err := s.entries.Post(ctx, uow.Tx(), p); err != nil {
			return err
		}
	}
	if err := uow.Commit(); err != nil {
		return err
	}
	payload, _ := json.Marshal(p)
	return s.pub.Publish(ctx, "ledger.refunded", p.ID, payload)
}
