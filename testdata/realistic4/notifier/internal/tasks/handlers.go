// Package tasks holds the notifier's asynq task handlers.
package tasks

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"

	"example.com/realistic4/notifier/internal/email"
)

// Task types.
const (
	TypeWelcome = "email:welcome"
	TypeReceipt = "email:receipt"
	TypeOTP     = "sms:otp"
)

type userPayload struct {
	UserID  string `json:"user_id"`
	Email   string `json:"email"`
	Phone   string `json:"phone"`
	OrderID string `json:"order_id"`
	Code    string `json:"code"`
}

// Mailer handles e-mail tasks.
type Mailer struct {
	Mail *email.Client
	Log  *slog.Logger
}

// Register adds the handlers to mux.
func (m *Mailer) Register(mux *asynq.ServeMux) {
	mux.HandleFunc(TypeWelcome, m.Welcome)
	mux.HandleFunc(TypeReceipt, m.Receipt)
	mux.HandleFunc(TypeOTP, m.OTP)
}

func decode(t *asynq.Task) (userPayload, error) {
	var p userPayload
	if err := json.Unmarshal(t.Payload(), &p); err != nil {
		return p, fmt.Errorf("%w: %v", asynq.SkipRetry, err)
	}
	return p, nil
}

// Welcome sends the welcome mail. asynq retries it on error.
func (m *Mailer) Welcome(ctx context.Context, t *asynq.Task) error {
	p, err := decode(t)
	if err != nil {
		return err
	}
	key := uuid.NewString() // want: uuidinretry
	return m.Mail.Send(ctx, email.Message{To: p.Email, Template: "welcome", Vars: map[string]string{"user": p.UserID}}, key)
}

// Receipt sends an order receipt, keyed by the order.
func (m *Mailer) Receipt(ctx context.Context, t *asynq.Task) error {
	p, err := decode(t)
	if err != nil {
		return err
	}
	traceID := uuid.NewString()
	m.Log.Info("sending receipt", "order", p.OrderID, "trace", traceID)
	return m.Mail.Send(ctx, email.Message{To: p.Email, Template: "receipt", Vars: map[string]string{"order": p.OrderID}}, "receipt-"+p.OrderID)
}

// OTP texts a one-time code.
func (m *Mailer) OTP(ctx context.Context, t *asynq.Task) error {
	p, err := decode(t)
	if err != nil {
		return err
	}
	return m.Mail.SMS(ctx, p.Phone, "Your code: "+p.Code) // want: uuidinretry — not planted separately: the OTP task (asynq redelivery) reaches the keyless SMS POST of email/client.go:55
}
