// Package relay publishes outbox rows stored through SQLBoiler models and
// then marks them sent or deletes them with the models' own methods: the
// relay, not a dual write (a crash between the publish and the mark
// re-sends the row; nothing is lost).
package relay

import (
	"context"
	"database/sql"
	"time"

	"github.com/aarondl/sqlboiler/v4/boil"
	"github.com/segmentio/kafka-go"

	"dualwrite/sqlboiler/models"
)

type Relay struct {
	db *sql.DB
	w  *kafka.Writer
}

// MarkUpsert publishes one row and marks it sent with the model's Upsert.
func (r *Relay) MarkUpsert(ctx context.Context, row models.Outbox) error {
	if err := r.w.WriteMessages(ctx, kafka.Message{Topic: row.Topic, Key: []byte(row.ID)}); err != nil {
		return err
	}
	now := time.Now().Format(time.RFC3339)
	row.SentAt = &now
	return row.Upsert(ctx, r.db, true, []string{"id"}, boil.Whitelist("sent_at"), boil.Infer())
}

// MarkUpdate publishes one row and marks it sent with the model's Update.
func (r *Relay) MarkUpdate(ctx context.Context, row *models.Outbox) error {
	if err := r.w.WriteMessages(ctx, kafka.Message{Topic: row.Topic, Key: []byte(row.ID)}); err != nil {
		return err
	}
	_, err := row.Update(ctx, r.db, boil.Whitelist("sent_at"))
	return err
}

// DeleteSent publishes the rows and deletes them with the slice's DeleteAll.
func (r *Relay) DeleteSent(ctx context.Context, rows models.OutboxSlice) error {
	for _, row := range rows {
		if err := r.w.WriteMessages(ctx, kafka.Message{Topic: row.Topic, Key: []byte(row.ID)}); err != nil {
			return err
		}
	}
	_, err := rows.DeleteAll(ctx, r.db)
	return err
}

// MarkQuery publishes one row and marks it through the table's query.
func (r *Relay) MarkQuery(ctx context.Context, row *models.Outbox) error {
	if err := r.w.WriteMessages(ctx, kafka.Message{Topic: row.Topic, Key: []byte(row.ID)}); err != nil {
		return err
	}
	_, err := models.Outboxes().UpdateAll(ctx, r.db, map[string]interface{}{"sent_at": time.Now()})
	return err
}

// store is the project's repository of outbox rows.
type store struct{ db *sql.DB }

// Save writes the outbox row it is given.
func (s *store) Save(ctx context.Context, exec boil.ContextExecutor, row *models.Outbox) error {
	if exec == nil {
		exec = s.db
	}
	return row.Upsert(ctx, exec, true, []string{"id"}, boil.Whitelist("sent_at"), boil.Infer())
}

// MarkThroughRepo publishes one row and marks it through the project's
// repository, handed the model row.
func (r *Relay) MarkThroughRepo(ctx context.Context, s *store, row models.Outbox) error {
	if err := r.w.WriteMessages(ctx, kafka.Message{Topic: row.Topic, Key: []byte(row.ID)}); err != nil {
		return err
	}
	return s.Save(ctx, nil, &row)
}
