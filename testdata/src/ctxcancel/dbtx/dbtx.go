// Package dbtx: an expiry sweeper whose loop stops on the shutdown context
// and, for each order it selects from the database, runs one transaction
// that locks the order, checks it and releases its stock. Nothing leaves
// the process and a cut rolls it all back; the next sweep selects the
// order again: harmless. The same unit with a publish inside, without the
// lock first, or driven by a Kafka message whose offset moves on is
// reported.
package dbtx

import (
	"context"
	"database/sql"
	"os"
	"os/signal"
	"syscall"

	"github.com/segmentio/kafka-go"
)

// release locks the order first and changes only rows: a database-only
// unit (left alone when the caller selected the order).
func release(ctx context.Context, db *sql.DB, id string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer func() { _ = tx.Rollback() }()
	var qty int
	var status string
	if err := tx.QueryRowContext(ctx, `SELECT quantity, status FROM orders WHERE id = $1 FOR UPDATE`, id).Scan(&qty, &status); err != nil {
		return err
	}
	if status != "pending" {
		return nil
	}
	if _, err := tx.ExecContext(ctx, `UPDATE stock SET available = available + $1`, qty); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE orders SET status = 'expired' WHERE id = $1`, id); err != nil {
		return err
	}
	return tx.Commit()
}

// releaseAndNotify publishes inside the unit: the message leaves before
// the commit a cut undoes.
func releaseAndNotify(ctx context.Context, db *sql.DB, w *kafka.Writer, id string) error {
	tx, err := db.BeginTx(ctx, nil) // want `reaches db\.BeginTx`
	if err != nil {
		return err
	}
	defer func() { _ = tx.Rollback() }()
	var status string
	if err := tx.QueryRowContext(ctx, `SELECT status FROM orders WHERE id = $1 FOR UPDATE`, id).Scan(&status); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE orders SET status = 'expired' WHERE id = $1`, id); err != nil {
		return err
	}
	if err := w.WriteMessages(ctx, kafka.Message{Value: []byte(id)}); err != nil { // want `reaches writer\.WriteMessages`
		return err
	}
	return tx.Commit()
}

// releaseUnlocked reads the order without locking it: not a unit whose
// check holds until the commit.
func releaseUnlocked(ctx context.Context, db *sql.DB, id string) error {
	tx, err := db.BeginTx(ctx, nil) // want `reaches db\.BeginTx`
	if err != nil {
		return err
	}
	defer func() { _ = tx.Rollback() }()
	var qty int
	if err := tx.QueryRowContext(ctx, `SELECT quantity FROM orders WHERE id = $1`, id).Scan(&qty); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE stock SET available = available + $1`, qty); err != nil {
		return err
	}
	return tx.Commit()
}

// expire is the unit a Kafka consumer runs for each message: the loop
// moves its offset on, nothing selects the order again.
func expire(ctx context.Context, db *sql.DB, id string) error {
	tx, err := db.BeginTx(ctx, nil) // want `reaches db\.BeginTx`
	if err != nil {
		return err
	}
	defer func() { _ = tx.Rollback() }()
	var status string
	if err := tx.QueryRowContext(ctx, `SELECT status FROM orders WHERE id = $1 FOR UPDATE`, id).Scan(&status); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE orders SET status = 'expired' WHERE id = $1`, id); err != nil {
		return err
	}
	return tx.Commit()
}

// expired selects the orders the sweep handles.
const expired = `SELECT id FROM orders WHERE status = 'pending' AND reserved_until < now()`

func sweep(ctx context.Context, db *sql.DB) {
	rows, err := db.QueryContext(ctx, expired)
	if err != nil {
		return
	}
	var ids []string
	for rows.Next() {
		var id string
		if rows.Scan(&id) == nil {
			ids = append(ids, id)
		}
	}
	_ = rows.Close()
	for _, id := range ids {
		_ = release(ctx, db, id)
	}
}

func sweepNotify(ctx context.Context, db *sql.DB, w *kafka.Writer) {
	rows, err := db.QueryContext(ctx, expired)
	if err != nil {
		return
	}
	defer rows.Close()
	for rows.Next() {
		var id string
		if rows.Scan(&id) == nil {
			_ = releaseAndNotify(ctx, db, w, id)
		}
	}
}

func sweepUnlocked(ctx context.Context, db *sql.DB) {
	rows, err := db.QueryContext(ctx, expired)
	if err != nil {
		return
	}
	defer rows.Close()
	for rows.Next() {
		var id string
		if rows.Scan(&id) == nil {
			_ = releaseUnlocked(ctx, db, id)
		}
	}
}

func Sweeper(db *sql.DB, w *kafka.Writer) {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	for ctx.Err() == nil {
		sweep(ctx, db)
		sweepNotify(ctx, db, w)
		sweepUnlocked(ctx, db)
	}
}

func Consumer(db *sql.DB, r *kafka.Reader) {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		_ = expire(ctx, db, string(m.Value))
		_ = r.CommitMessages(ctx, m)
	}
}

// Releaser is the port the booking sweeper calls its unit through.
type Releaser interface {
	Release(ctx context.Context, id string) error
}

type dbReleaser struct{ db *sql.DB }

// Release is release behind the port (left alone when the caller selected
// the order).
func (r *dbReleaser) Release(ctx context.Context, id string) error { return release(ctx, r.db, id) } // want Release:`reachesSink p0:release→db\.BeginTx`

func sweepPort(ctx context.Context, db *sql.DB, r Releaser) {
	rows, err := db.QueryContext(ctx, expired)
	if err != nil {
		return
	}
	defer rows.Close()
	for rows.Next() {
		var id string
		if rows.Scan(&id) == nil {
			_ = r.Release(ctx, id)
		}
	}
}

// consumePort runs the unit behind the port for a consumed message.
func consumePort(ctx context.Context, rd *kafka.Reader, r Releaser) {
	for {
		m, err := rd.FetchMessage(ctx)
		if err != nil {
			return
		}
		_ = r.Release(ctx, string(m.Value)) // want `reaches Releaser\.Release`
		_ = rd.CommitMessages(ctx, m)
	}
}

func PortSweeper(db *sql.DB, rd *kafka.Reader) {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	r := &dbReleaser{db: db}
	for ctx.Err() == nil {
		sweepPort(ctx, db, r)
		consumePort(ctx, rd, r)
	}
}

// Orders is the repository port the sweep reads its orders through.
type Orders interface {
	Expired(ctx context.Context) ([]string, error)
}

type sqlOrders struct{ db *sql.DB }

func (o *sqlOrders) Expired(ctx context.Context) ([]string, error) {
	rows, err := o.db.QueryContext(ctx, expired)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var ids []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}

// sweepRepo selects its orders through the repository: left alone.
func sweepRepo(ctx context.Context, orders Orders, r Releaser) {
	ids, err := orders.Expired(ctx)
	if err != nil {
		return
	}
	for _, id := range ids {
		_ = r.Release(ctx, id)
	}
}

// Inbox hands out consumed messages and commits them as it does.
type Inbox interface {
	Take(ctx context.Context) ([]string, error)
}

type kafkaInbox struct{ rd *kafka.Reader }

func (k *kafkaInbox) Take(ctx context.Context) ([]string, error) {
	m, err := k.rd.FetchMessage(ctx)
	if err != nil {
		return nil, err
	}
	if err := k.rd.CommitMessages(ctx, m); err != nil {
		return nil, err
	}
	return []string{string(m.Value)}, nil
}

// drainInbox runs the unit for items whose offsets the port committed.
func drainInbox(ctx context.Context, in Inbox, r Releaser) {
	ids, err := in.Take(ctx)
	if err != nil {
		return
	}
	for _, id := range ids {
		_ = r.Release(ctx, id) // want `reaches Releaser\.Release`
	}
}

func RepoSweeper(db *sql.DB, rd *kafka.Reader) {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	r := &dbReleaser{db: db}
	for ctx.Err() == nil {
		sweepRepo(ctx, &sqlOrders{db: db}, r)
		drainInbox(ctx, &kafkaInbox{rd: rd}, r)
	}
}
