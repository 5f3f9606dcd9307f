// Package consumer holds the ledger's franz-go consumers.
package consumer

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"example.com/corpus/ledger/internal/ledger"
	"example.com/corpus/ledger/internal/platform/shutdown"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/twmb/franz-go/pkg/kgo"
)

// TransferRequested is the payload of ledger.transfer_requested.
type TransferRequested struct {
	EventID string `json:"event_id"`
	From    string `json:"from"`
	To      string `json:"to"`
	Amount  int64  `json:"amount"`
}

// Transfers consumes transfer requests with manual commits.
type Transfers struct {
	client *kgo.Client
	pool   *pgxpool.Pool
	svc    *ledger.Service
	log    *slog.Logger
}

// NewTransfers builds the consumer; auto-commit is off.
func NewTransfers(brokers []string, pool *pgxpool.Pool, svc *ledger.Service, log *slog.Logger) (*Transfers, error) {
	cl, err := kgo.NewClient(
		kgo.SeedBrokers(brokers...),
		kgo.ConsumerGroup("ledger-transfers"),
		kgo.ConsumeTopics("ledger.transfer_requested"),
		kgo.DisableAutoCommit(),
		kgo.BlockRebalanceOnPoll(),
	)
	if err != nil {
		return nil, err
	}
	return &Transfers{client: cl, pool: pool, svc: svc, log: log}, nil
}

// Run polls, processes every record of the fetch, and commits the fetch.
func (c *Transfers) Run(ctx context.Context) error {
	defer c.client.Close()
	for {
		fetches := c.client.PollFetches(ctx)
		if fetches.IsClientClosed() || ctx.Err() != nil {
			return nil
		}
		var fetchErr error
		fetches.EachError(func(topic string, partition int32, err error) {
			fetchErr = errors.Join(fetchErr, fmt.Errorf("%s/%d: %w", topic, partition, err))
		})
		if fetchErr != nil {
			c.log.WarnContext(ctx, "fetch errors", "error", fetchErr)
		}

		bctx, cancel := context.WithTimeout(shutdown.Detach(ctx), 30*time.Second)
		records := fetches.Records()
		var failed bool
		for _, rec := range records {
			if err := c.process(bctx, rec); err != nil {
				c.log.ErrorContext(ctx, "process", "offset", rec.Offset, "error", err)
				failed = true
				break
			}
		}
		if !failed {
			if err := c.client.CommitRecords(bctx, records...); err != nil {
				c.log.WarnContext(ctx, "commit", "error", err)
			}
		}
		cancel()
		c.client.AllowRebalance()
		if failed {
			return errors.New("stopping after a failed record; it will be redelivered")
		}
	}
}

func (c *Transfers) process(ctx context.Context, rec *kgo.Record) error {
	var ev TransferRequested
	if err := json.Unmarshal(rec.Value, &ev); err != nil {
		c.log.ErrorContext(ctx, "poison transfer request, skipping", "offset", rec.Offset, "error", err)
		return nil
	}
	return pgx.BeginFunc(ctx, c.pool, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx,
			`INSERT INTO processed_event (event_id, consumer_id) VALUES ($1, 'ledger') ON CONFLICT DO NOTHING`, ev.EventID)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return nil
		}
		_, err = tx.Exec(ctx,
			`INSERT INTO transfer_requests (event_id, from_account, to_account, amount) VALUES ($1, $2, $3, $4)`,
			ev.EventID, ev.From, ev.To, ev.Amount)
		return err
	})
}
