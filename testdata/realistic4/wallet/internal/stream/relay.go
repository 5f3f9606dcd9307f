package stream

import (
	"context"
	"log/slog"
	"time"

	"github.com/redis/go-redis/v9"
	"gorm.io/gorm"

	"example.com/realistic4/wallet/internal/model"
)

// Relay copies outbox events to their Redis stream.
type Relay struct {
	DB  *gorm.DB
	RDB *redis.Client
	Log *slog.Logger
}

// Run relays every 250ms until ctx is done; each pass gets a detached,
// timed context so a shutdown lets it finish.
func (r *Relay) Run(ctx context.Context) {
	t := time.NewTicker(250 * time.Millisecond)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		pass, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
		if err := r.pass(pass); err != nil {
			r.Log.Error("relay pass", "err", err)
		}
		cancel()
	}
}

func (r *Relay) pass(ctx context.Context) error {
	var events []model.OutboxEvent
	if err := r.DB.WithContext(ctx).Where("sent = ?", false).Order("id").Limit(100).Find(&events).Error; err != nil {
		return err
	}
	for _, e := range events {
		if err := r.RDB.XAdd(ctx, &redis.XAddArgs{Stream: e.Stream, ID: "*", Values: map[string]any{"outbox_id": e.ID, "payload": e.Payload}}).Err(); err != nil {
			return err
		}
		if err := r.DB.WithContext(ctx).Model(&e).Update("sent", true).Error; err != nil {
			return err
		}
	}
	return nil
}
