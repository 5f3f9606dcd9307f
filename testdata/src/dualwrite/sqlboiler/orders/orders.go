// Package orders writes business rows through SQLBoiler models and
// publishes without an outbox: still dual writes.
package orders

import (
	"context"
	"database/sql"

	"github.com/aarondl/sqlboiler/v4/boil"
	"github.com/segmentio/kafka-go"

	"dualwrite/sqlboiler/models"
)

type Service struct {
	db *sql.DB
	w  *kafka.Writer
}

// Place inserts the order, then publishes its event: a crash between them
// loses the event.
func (s *Service) Place(ctx context.Context, o *models.Order) error {
	if err := o.Insert(ctx, s.db, boil.Infer()); err != nil {
		return err
	}
	return s.w.WriteMessages(ctx, kafka.Message{Topic: "orders", Key: []byte(o.ID)}) // want `writes to the database \(\(\*models.Order\).Insert\) and then publishes \(\(\*kafka.Writer\).WriteMessages\)`
}

// Confirm publishes first, then updates the order: the event may announce
// an update that fails.
func (s *Service) Confirm(ctx context.Context, o *models.Order) error {
	if err := s.w.WriteMessages(ctx, kafka.Message{Topic: "orders", Key: []byte(o.ID)}); err != nil { // want `publishes \(\(\*kafka.Writer\).WriteMessages\) before it writes to the database \(\(\*models.Order\).Update\)`
		return err
	}
	o.Status = "confirmed"
	_, err := o.Update(ctx, s.db, boil.Whitelist("status"))
	return err
}

// Outboxed inserts the order and its outbox row in one transaction: the
// outbox pattern, silent.
func (s *Service) Outboxed(ctx context.Context, o *models.Order) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := o.Insert(ctx, tx, boil.Infer()); err != nil {
		return err
	}
	ev := &models.Outbox{ID: o.ID, Topic: "orders"}
	if err := ev.Insert(ctx, tx, boil.Infer()); err != nil {
		return err
	}
	return tx.Commit()
}
