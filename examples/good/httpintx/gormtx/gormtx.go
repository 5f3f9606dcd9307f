// Package gormtx records the intent in a GORM transaction and calls the
// payment provider after it committed, with a key derived from the order:
// a retry after a crash repeats the same charge, and no transaction waits
// on the network.
package gormtx

import (
	"context"
	"fmt"
	"net/http"
	"strings"

	"gorm.io/gorm"
)

type Order struct {
	ID     string `gorm:"primaryKey"`
	Status string
}

type Service struct {
	DB     *gorm.DB
	Client *http.Client
	PSP    string
}

func (s *Service) charge(ctx context.Context, orderID string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, s.PSP+"/charges", strings.NewReader(orderID))
	if err != nil {
		return err
	}
	req.Header.Set("Idempotency-Key", "order:"+orderID+":charge")
	resp, err := s.Client.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 300 {
		return fmt.Errorf("charge %s: %s", orderID, resp.Status)
	}
	return nil
}

// Pay marks the order, commits, then charges.
func (s *Service) Pay(ctx context.Context, orderID string) error {
	if err := s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		return tx.Model(&Order{ID: orderID}).Update("status", "paying").Error
	}); err != nil {
		return err
	}
	return s.charge(ctx, orderID)
}

// Ship commits first, then notifies the carrier.
func (s *Service) Ship(ctx context.Context, orderID string) error {
	tx := s.DB.WithContext(ctx).Begin()
	if tx.Error != nil {
		return tx.Error
	}
	if err := tx.Model(&Order{ID: orderID}).Update("status", "shipped").Error; err != nil {
		tx.Rollback()
		return err
	}
	if err := tx.Commit().Error; err != nil {
		return err
	}
	resp, err := s.Client.Post(s.PSP+"/shipments", "text/plain", strings.NewReader(orderID))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
