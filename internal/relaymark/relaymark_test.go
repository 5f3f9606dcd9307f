package relaymark

import "testing"

func TestMarkSQL(t *testing.T) {
	for _, tc := range []struct {
		sql  string
		want bool
	}{
		{"UPDATE outbox SET published_at = now() WHERE id = ANY($1)", true},
		{"update outbox_events set status = 'SENT' where id = $1", true},
		{"UPDATE messages SET processed = true WHERE id = $1", true},
		{"UPDATE payments SET dispatched_at = now()", true},
		{"DELETE FROM outbox WHERE event_id = ANY($1)", true},
		{"DELETE FROM outbox_messages WHERE id = $1", true},
		{"UPDATE orders SET status = 'PAID' WHERE id = $1", false},                        // a state of another table
		{"UPDATE outbox SET attempts = attempts + 1 WHERE status = 'PENDING'", false},     // WHERE is not SET
		{"UPDATE outbox SET last_error = $2, retries = retries + 1 WHERE id = $1", false}, // a failure
		{"DELETE FROM sessions WHERE user_id = $1", false},
		{"INSERT INTO outbox (payload) VALUES ($1)", false},
		{"SELECT * FROM outbox WHERE published_at IS NULL", false},
	} {
		if _, got := markSQL(tc.sql); got != tc.want {
			t.Errorf("markSQL(%q) = %v, want %v", tc.sql, got, tc.want)
		}
	}
}

func TestMarkName(t *testing.T) {
	for name, want := range map[string]bool{
		"MarkEventAsSent":          true,
		"MarkPublished":            true,
		"MarkOutboxEventProcessed": true,
		"MarkDone":                 true,
		"MarkAsRead":               false,
		"Mark":                     false, // only on an outbox type (lossypublish testdata natscore)
		"DeleteOutboxEvent":        true,
		"RemoveMessage":            true,
		"SetPublished":             true,
		"UpdateOutboxStatus":       true,
		"UpdateOrderStatus":        false,
		"MarkFailed":               false,
		"MarkAsProcessing":         false,
		"UpdateOutboxRetries":      false,
		"Market":                   false,
		"Delete":                   false,
		"Publish":                  false,
	} {
		got := markName.MatchString(name) && !failName.MatchString(name)
		if got != want {
			t.Errorf("%s: got %v, want %v", name, got, want)
		}
	}
}

func TestSQLBoilerMarks(t *testing.T) {
	for _, tc := range []struct {
		method, table string
		cols          []string
		want          bool
	}{
		{"Upsert", "Outbox", []string{"id", "sent_at"}, true},
		{"Update", "OutboxEvent", []string{"status"}, true},
		{"UpdateAll", "Outbox", []string{"published_at"}, true},
		{"Delete", "Outbox", nil, true},
		{"DeleteAll", "OutboxMessage", nil, true},
		{"Update", "Outbox", nil, false},                  // boil.Infer(): the columns are not known
		{"Update", "Outbox", []string{"attempts"}, false}, // not a publication
		{"Update", "Order", []string{"status"}, false},    // a state of another table
		{"Delete", "Session", nil, false},
		{"Insert", "Outbox", []string{"sent_at"}, false}, // the outbox row itself
	} {
		if got := sqlboilerMarks(tc.method, tc.table, tc.cols); got != tc.want {
			t.Errorf("sqlboilerMarks(%s, %s, %v) = %v, want %v", tc.method, tc.table, tc.cols, got, tc.want)
		}
	}
}
