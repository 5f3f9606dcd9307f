package tx

import (
	"context"
	"database/sql"
)

// work begins its transaction in a method and keeps it in a field.
type work struct {
	db *sql.DB
	tx *sql.Tx
}

func (w *work) begin(ctx context.Context) error { // want begin:`^beginsTx$`
	var err error
	w.tx, err = w.db.BeginTx(ctx, nil)
	return err
}

// beginLocal stores the transaction through a local variable.
func (w *work) beginLocal(ctx context.Context) error { // want beginLocal:`^beginsTx$`
	tx, err := w.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	w.tx = tx
	return nil
}

func (w *work) commit() error { // want commit:`^endsTx\(recv\)$`
	return w.tx.Commit()
}

// beginCopy stores into a copy of the receiver: nothing is held.
func (w work) beginCopy(ctx context.Context) error {
	var err error
	w.tx, err = w.db.BeginTx(ctx, nil)
	_ = w
	return err
}

// beginElsewhere stores the transaction in another value: not its receiver's.
func (w *work) beginElsewhere(ctx context.Context, other *work) error {
	var err error
	other.tx, err = w.db.BeginTx(ctx, nil)
	return err
}
