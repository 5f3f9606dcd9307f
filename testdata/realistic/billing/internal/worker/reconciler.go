package worker

import (
	"context"
	"log/slog"
	"net/http"
	"time"

	"example.com/corpus/billing/internal/adapters/out/payment"
	"example.com/corpus/billing/internal/platform/ctxutil"
	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Reconciler compares pending payments with the provider.
type Reconciler struct {
	Pool    *pgxpool.Pool
	Gateway *payment.Client
	HTTP    *http.Client
	Log     *slog.Logger
}

// WaitForProvider blocks until the provider's health endpoint answers: a
// reconnect loop whose per-attempt ID only feeds the logs.
func (r *Reconciler) WaitForProvider(ctx context.Context, url string) error {
	for {
		probeID := uuid.NewString()
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, url+"/health", nil)
		if err != nil {
			return err
		}
		resp, err := r.HTTP.Do(req)
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				r.Log.InfoContext(ctx, "provider is up", "probe_id", probeID)
				return nil
			}
		}
		r.Log.WarnContext(ctx, "provider not ready", "probe_id", probeID, "error", err)
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(2 * time.Second):
		}
	}
}

// Run reconciles once a minute.
func (r *Reconciler) Run(ctx context.Context) {
	t := time.NewTicker(time.Minute)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		runCtx := ctxutil.WithRequestID(ctx, uuid.NewString())
		if err := r.reconcileOnce(runCtx); err != nil {
			r.Log.WarnContext(runCtx, "reconcile", "error", err)
		}
	}
}

func (r *Reconciler) reconcileOnce(ctx context.Context) error {
	rows, err := r.Pool.Query(ctx, `SELECT charge_id FROM payments WHERE status = 'PENDING' AND charge_id IS NOT NULL LIMIT 100`)
	if err != nil {
		return err
	}
	var ids []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			rows.Close()
			return err
		}
		ids = append(ids, id)
	}
	rows.Close()
	for _, id := range ids {
		rec, err := r.Gateway.Status(ctx, id)
		if err != nil {
			r.Log.WarnContext(ctx, "status", "charge_id", id, "error", err)
			continue
		}
		if _, err := r.Pool.Exec(ctx, `UPDATE payments SET status = $2 WHERE charge_id = $1`, id, rec.Status); err != nil {
			return err
		}
	}
	return nil
}
