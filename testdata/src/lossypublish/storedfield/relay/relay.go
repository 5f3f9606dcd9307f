// Package relay keeps its publisher in an unexported field of the
// rabbit.Publisher interface; the constructors decide which implementation
// the field holds.
package relay

import (
	"context"
	"database/sql"

	"lossypublish/storedfield/rabbit"
)

type row struct {
	ID   int64
	Key  string
	Body []byte
}

// Confirmed's constructor takes the confirming publisher: the only value
// stored in pub confirms, so the relay is safe (silent).
type Confirmed struct {
	db  *sql.DB
	pub rabbit.Publisher
}

func NewConfirmed(db *sql.DB, pub *rabbit.ConfirmingPublisher) *Confirmed {
	return &Confirmed{db: db, pub: pub}
}

func (r *Confirmed) relay(ctx context.Context, rows []row) error {
	for _, x := range rows {
		if err := r.pub.Publish(ctx, x.Key, x.Body); err != nil {
			return err
		}
		if _, err := r.db.ExecContext(ctx, "DELETE FROM outbox WHERE id = $1", x.ID); err != nil {
			return err
		}
	}
	return nil
}

// Fire's field is set to the publisher without confirmations.
type Fire struct {
	db  *sql.DB
	pub rabbit.Publisher
}

func NewFire(db *sql.DB, pub *rabbit.FirePublisher) *Fire {
	f := &Fire{db: db}
	f.pub = pub
	return f
}

func (r *Fire) relay(ctx context.Context, rows []row) error {
	for _, x := range rows {
		if err := r.pub.Publish(ctx, x.Key, x.Body); err != nil { // want `relay marks rows published \(DELETE, line 59\) after rabbit.Publisher.Publish → rabbit.\(\*FirePublisher\).Publish → PublishWithContext on a channel never put in confirm mode`
			return err
		}
		if _, err := r.db.ExecContext(ctx, "DELETE FROM outbox WHERE id = $1", x.ID); err != nil {
			return err
		}
	}
	return nil
}

// Any's constructor takes the interface: any implementation may be
// there, the lossy one among them (reported).
type Any struct {
	db  *sql.DB
	pub rabbit.Publisher
}

func NewAny(db *sql.DB, pub rabbit.Publisher) *Any { return &Any{db: db, pub: pub} }

func (r *Any) relay(ctx context.Context, rows []row) error {
	for _, x := range rows {
		if err := r.pub.Publish(ctx, x.Key, x.Body); err != nil { // want `relay marks rows published \(DELETE, line 80\) after rabbit.Publisher.Publish → rabbit.\(\*FirePublisher\).Publish`
			return err
		}
		if _, err := r.db.ExecContext(ctx, "DELETE FROM outbox WHERE id = $1", x.ID); err != nil {
			return err
		}
	}
	return nil
}

// Decoded's field is filled through its address: anything may be there
// (reported).
type Decoded struct {
	db  *sql.DB
	pub rabbit.Publisher
}

func NewDecoded(db *sql.DB, pub *rabbit.ConfirmingPublisher, fill func(*rabbit.Publisher)) *Decoded {
	d := &Decoded{db: db, pub: pub}
	fill(&d.pub)
	return d
}

func (r *Decoded) relay(ctx context.Context, rows []row) error {
	for _, x := range rows {
		if err := r.pub.Publish(ctx, x.Key, x.Body); err != nil { // want `relay marks rows published \(DELETE, line 105\) after rabbit.Publisher.Publish → rabbit.\(\*FirePublisher\).Publish`
			return err
		}
		if _, err := r.db.ExecContext(ctx, "DELETE FROM outbox WHERE id = $1", x.ID); err != nil {
			return err
		}
	}
	return nil
}
