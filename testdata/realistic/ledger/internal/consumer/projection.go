package consumer

import (
	"context"
	"encoding/json"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/twmb/franz-go/pkg/kgo"
)

// BalanceProjection keeps the read model of balances; each record is an
// idempotent upsert keyed by account, so it marks records for the
// autocommitter once they are written.
type BalanceProjection struct {
	Client *kgo.Client
	Pool   *pgxpool.Pool
	Log    *slog.Logger
}

type balanceChanged struct {
	Account string `json:"account"`
	Balance int64  `json:"balance"`
	Version int64  `json:"version"`
}

// Run marks each record after its upsert.
func (p *BalanceProjection) Run(ctx context.Context) error {
	for {
		fetches := p.Client.PollRecords(ctx, 500)
		if fetches.IsClientClosed() {
			return nil
		}
		if err := ctx.Err(); err != nil {
			return nil
		}
		iter := fetches.RecordIter()
		for !iter.Done() {
			rec := iter.Next()
			var ev balanceChanged
			if err := json.Unmarshal(rec.Value, &ev); err != nil {
				p.Log.Error("bad balance event", "offset", rec.Offset)
				p.Client.MarkCommitRecords(rec)
				continue
			}
			traceID := uuid.NewString()
			_, err := p.Pool.Exec(ctx, `
				INSERT INTO balances (account_id, balance, version) VALUES ($1, $2, $3)
				ON CONFLICT (account_id) DO UPDATE SET balance = EXCLUDED.balance, version = EXCLUDED.version
				WHERE balances.version < EXCLUDED.version`, ev.Account, ev.Balance, ev.Version)
			if err != nil {
				p.Log.Error("upsert balance", "trace_id", traceID, "error", err)
				time.Sleep(time.Second)
				return err
			}
			p.Client.MarkCommitRecords(rec)
		}
	}
}

// Statement is an account statement line written per record.
type Statement struct {
	Client *kgo.Client
	Pool   *pgxpool.Pool
}

// Run writes a statement line per record, each with a fresh line ID (a
// record ID, not a dedup key), then commits what it processed.
func (s *Statement) Run(ctx context.Context) error {
	for {
		fetches := s.Client.PollFetches(ctx)
		if fetches.IsClientClosed() {
			return nil
		}
		var err error
		fetches.EachRecord(func(rec *kgo.Record) {
			if err != nil {
				return
			}
			_, err = s.Pool.Exec(ctx,
				`INSERT INTO statement_lines (id, account_id, kafka_offset, body) VALUES ($1, $2, $3, $4)`,
				uuid.NewString(), string(rec.Key), rec.Offset, rec.Value)
		})
		if err != nil {
			return err
		}
		if err := s.Client.CommitUncommittedOffsets(ctx); err != nil {
			return err
		}
	}
}
