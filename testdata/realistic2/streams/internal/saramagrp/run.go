package saramagrp

import (
	"context"
	"errors"
	"log/slog"

	"github.com/IBM/sarama"
)

// Run consumes until ctx is cancelled.
func Run(ctx context.Context, brokers []string, group string, h sarama.ConsumerGroupHandler, log *slog.Logger) error {
	cfg := sarama.NewConfig()
	cfg.Version = sarama.V3_6_0_0
	cfg.Consumer.Offsets.AutoCommit.Enable = true
	cfg.Consumer.Offsets.Initial = sarama.OffsetOldest
	cg, err := sarama.NewConsumerGroup(brokers, group, cfg)
	if err != nil {
		return err
	}
	defer cg.Close()
	for {
		if err := cg.Consume(ctx, []string{"refunds"}, h); err != nil {
			if errors.Is(err, sarama.ErrClosedConsumerGroup) {
				return nil
			}
			log.Warn("consume", "err", err)
		}
		if ctx.Err() != nil {
			return nil
		}
	}
}
