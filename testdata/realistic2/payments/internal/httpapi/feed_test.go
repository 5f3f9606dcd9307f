package httpapi

import (
	"database/sql"
	"encoding/json"
	"testing"
)

func TestFeedAck(t *testing.T) {
	db, err := sql.Open("postgres", "postgres://localhost/payments_test?sslmode=disable")
	if err != nil {
		t.Skip(err)
	}
	f := &Feed{DB: db}
	ctx := t.Context()
	for i := range 3 {
		select {
		case <-ctx.Done():
			return
		default:
		}
		if err := f.ack(ctx, json.RawMessage(`{"i":`+string(rune('0'+i))+`}`)); err != nil { // not a finding (a fixed false positive of ctxcancel)
			t.Skip(err)
		}
	}
}
