// Package good derives the payment provider's idempotency key from the
// workflow: every attempt of the activity sends the same key, so a retry
// after a timeout repeats the first charge instead of making a second one.
package good

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"time"

	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/worker"
	"go.temporal.io/sdk/workflow"
)

type Activities struct {
	Client *http.Client
	PSP    string
}

func (a *Activities) Charge(ctx context.Context, key, orderID string, cents int64) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, a.PSP+"/charges", strings.NewReader(fmt.Sprintf(`{"order":%q,"amount":%d}`, orderID, cents)))
	if err != nil {
		return err
	}
	req.Header.Set("Idempotency-Key", key)
	resp, err := a.Client.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 300 {
		return fmt.Errorf("charge %s: %s", orderID, resp.Status)
	}
	return nil
}

func PaymentWorkflow(ctx workflow.Context, orderID string, cents int64) error {
	ctx = workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		StartToCloseTimeout: 10 * time.Second,
		RetryPolicy:         &temporal.RetryPolicy{MaximumAttempts: 5},
	})
	key := workflow.GetInfo(ctx).WorkflowExecution.ID + ":charge"
	var a *Activities
	return workflow.ExecuteActivity(ctx, a.Charge, key, orderID, cents).Get(ctx, nil)
}

func Register(w worker.Worker, a *Activities) {
	w.RegisterWorkflow(PaymentWorkflow)
	w.RegisterActivity(a)
}
