// Package statements generates monthly statements and mails them.
package statements

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Mailer posts statements to the mail service.
type Mailer struct {
	URL  string
	HTTP *http.Client
}

// Send posts one statement.
func (m *Mailer) Send(ctx context.Context, account string, pdf []byte) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, m.URL+"/mail", bytes.NewReader(pdf))
	if err != nil {
		return err
	}
	req.Header.Set("Idempotency-Key", "statement:"+account+":"+time.Now().Format("2006-01"))
	resp, err := m.HTTP.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Alerter posts to the on-call webhook.
type Alerter struct {
	URL string
}

// Alert posts a message; failures are ignored.
func (a *Alerter) Alert(ctx context.Context, msg string) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, a.URL, bytes.NewBufferString(msg))
	if err != nil {
		return
	}
	req.Header.Set("Idempotency-Key", msg)
	if resp, err := http.DefaultClient.Do(req); err == nil {
		resp.Body.Close()
	}
}

// Generator builds statements.
type Generator struct {
	Pool   *pgxpool.Pool
	Mailer *Mailer
	Alert  *Alerter
	Log    *slog.Logger
}

func render(account string, lines []string) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "statement for %s\n", account)
	for _, l := range lines {
		b.WriteString(l + "\n")
	}
	return b.Bytes()
}

// RunMonth builds each account's statement in its own transaction and
// mails it after that transaction commits.
func (g *Generator) RunMonth(ctx context.Context, accounts []string) error {
	for _, acc := range accounts {
		tx, err := g.Pool.Begin(ctx)
		if err != nil {
			return err
		}
		rows, err := tx.Query(ctx, `SELECT description FROM entries WHERE account_id = $1 ORDER BY created_at`, acc)
		if err != nil {
			_ = tx.Rollback(ctx)
			g.Alert.Alert(ctx, "statement query failed for "+acc)
			return err
		}
		lines, err := pgx.CollectRows(rows, pgx.RowTo[string])
		if err != nil {
			_ = tx.Rollback(ctx)
			return err
		}
		if _, err := tx.Exec(ctx, `INSERT INTO statements (account_id, month) VALUES ($1, date_trunc('month', now())) ON CONFLICT DO NOTHING`, acc); err != nil { // want: onconflict
			_ = tx.Rollback(ctx)
			return err
		}
		if err := tx.Commit(ctx); err != nil {
			g.Alert.Alert(ctx, "statement commit failed for "+acc)
			return err
		}
		if err := g.Mailer.Send(ctx, acc, render(acc, lines)); err != nil {
			g.Log.WarnContext(ctx, "mail", "account", acc, "error", err)
		}
	}
	return nil
}

// Close closes an account; the alert goes out from a goroutine that does
// not hold the transaction.
func (g *Generator) Close(ctx context.Context, account string) error {
	return pgx.BeginFunc(ctx, g.Pool, func(tx pgx.Tx) error {
		var balance int64
		if err := tx.QueryRow(ctx, `SELECT balance FROM accounts WHERE id = $1 FOR UPDATE`, account).Scan(&balance); err != nil {
			return err
		}
		if balance != 0 {
			go g.Alert.Alert(context.WithoutCancel(ctx), "closing account with non-zero balance: "+account)
			return fmt.Errorf("account %s has balance %d", account, balance)
		}
		_, err := tx.Exec(ctx, `UPDATE accounts SET closed_at = now() WHERE id = $1`, account)
		return err
	})
}

// Resend mails statements that failed; the loop begins a transaction per
// row only to mark it, after the mail went out.
func (g *Generator) Resend(ctx context.Context) error {
	rows, err := g.Pool.Query(ctx, `SELECT account_id FROM statements WHERE mailed_at IS NULL LIMIT 100`)
	if err != nil {
		return err
	}
	accounts, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return err
	}
	for _, acc := range accounts {
		if err := g.Mailer.Send(ctx, acc, render(acc, nil)); err != nil {
			continue
		}
		err := pgx.BeginFunc(ctx, g.Pool, func(tx pgx.Tx) error {
			_, err := tx.Exec(ctx, `UPDATE statements SET mailed_at = now() WHERE account_id = $1`, acc)
			return err
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// Archive runs the archive step: the statement rows are deleted in a
// transaction and the cold-storage upload happens after it commits.
func (g *Generator) Archive(ctx context.Context, before time.Time) error {
	var ids []int64
	err := pgx.BeginTxFunc(ctx, g.Pool, pgx.TxOptions{IsoLevel: pgx.Serializable}, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `DELETE FROM statements WHERE created_at < $1 RETURNING id`, before)
		if err != nil {
			return err
		}
		ids, err = pgx.CollectRows(rows, pgx.RowTo[int64])
		return err
	})
	if err != nil {
		return err
	}
	g.Alert.Alert(ctx, fmt.Sprintf("archived %d statements", len(ids)))
	return nil
}
