// Package gormtx calls a payment provider inside a GORM transaction: the
// call holds the transaction (and its row locks) open for as long as the
// provider takes, and a rollback after it cannot take the charge back.
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

// Pay charges inside the transaction callback.
func (s *Service) Pay(ctx context.Context, orderID string) error {
	return s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Model(&Order{ID: orderID}).Update("status", "paying").Error; err != nil {
			return err
		}
		return s.charge(ctx, orderID) // want: httpintx
	})
}

// Ship notifies the carrier between Begin and Commit.
func (s *Service) Ship(ctx context.Context, orderID string) error {
	tx := s.DB.WithContext(ctx).Begin()
	if tx.Error != nil {
		return tx.Error
	}
	if err := tx.Model(&Order{ID: orderID}).Update("status", "shipped").Error; err != nil {
		tx.Rollback()
		return err
	}
	resp, err := s.Client.Post(s.PSP+"/shipments", "text/plain", strings.NewReader(orderID)) // want: httpintx
	if err != nil {
		tx.Rollback()
		return err
	}
	resp.Body.Close()
	return tx.Commit().Error
}
