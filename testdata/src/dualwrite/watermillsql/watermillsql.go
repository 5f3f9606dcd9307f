// Package watermillsql publishes through watermill: a broker publisher
// after a write is a dual write, watermill-sql's publisher on the
// transaction is the outbox.
package watermillsql

import (
	"context"
	"database/sql"

	"github.com/ThreeDotsLabs/watermill"
	wsql "github.com/ThreeDotsLabs/watermill-sql/v3/pkg/sql"
	"github.com/ThreeDotsLabs/watermill/message"
)

type Lotteries struct {
	db     *sql.DB
	pub    message.Publisher
	logger watermill.LoggerAdapter
}

func (l *Lotteries) Direct(ctx context.Context, id, winner string) error {
	if _, err := l.db.ExecContext(ctx, `INSERT INTO lotteries (id, winner) VALUES (?, ?)`, id, winner); err != nil {
		return err
	}
	return l.pub.Publish("lottery-concluded", message.NewMessage(id, []byte(winner))) // want `\(\*Lotteries\)\.Direct writes to the database \(\(\*sql\.DB\)\.ExecContext\) and then publishes \(message\.Publisher\.Publish\)`
}

func (l *Lotteries) InTx(ctx context.Context, id, winner string) (err error) {
	tx, err := l.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			_ = tx.Rollback()
			return
		}
		err = tx.Commit()
	}()
	if _, err = tx.ExecContext(ctx, `INSERT INTO lotteries (id, winner) VALUES (?, ?)`, id, winner); err != nil {
		return err
	}
	var publisher message.Publisher
	publisher, err = wsql.NewPublisher(tx, wsql.PublisherConfig{}, l.logger)
	if err != nil {
		return err
	}
	return publisher.Publish("lottery-concluded", message.NewMessage(id, []byte(winner)))
}
