package loops

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"
)

type Payment struct {
	ID     string
	Amount int64
}

func create(ctx context.Context, p Payment) error { return nil }

// The classic: a counted retry loop with a sleep.
func counted(ctx context.Context, amount int64) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		p := Payment{ID: uuid.NewString(), Amount: amount} // want `uuid.NewString in retry loop makes a new identifier on every attempt`
		if err = create(ctx, p); err == nil {
			return nil
		}
		time.Sleep(time.Duration(attempt) * time.Second)
	}
	return err
}

// Many real retry loops do not wait between attempts.
func rangeInt(ctx context.Context, amount int64) error {
	var err error
	for range 3 {
		err = create(ctx, Payment{ID: uuid.New().String(), Amount: amount}) // want `uuid.New in retry loop`
		if err == nil {
			break
		}
	}
	return err
}

// An endless loop that continues on failure and leaves on success.
func endless(ctx context.Context, amount int64) {
	for {
		if err := create(ctx, Payment{ID: uuid.NewString(), Amount: amount}); err != nil { // want `uuid.NewString in retry loop`
			time.Sleep(time.Second)
			continue
		}
		return
	}
}

// Leaves when the error is nil or attempts run out.
func bounded(ctx context.Context, amount int64) error {
	for attempt := 1; ; attempt++ {
		err := create(ctx, Payment{ID: uuid.NewString(), Amount: amount}) // want `uuid.NewString in retry loop`
		if err == nil || attempt == 5 {
			return err
		}
	}
}

// Correct: the ID is made once, before the loop.
func hoisted(ctx context.Context, amount int64) error {
	p := Payment{ID: uuid.NewString(), Amount: amount}
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if err = create(ctx, p); err == nil {
			return nil
		}
	}
	return err
}

// Not a retry loop: one payment per iteration, errors end the loop.
func batch(ctx context.Context, amounts []int64) error {
	for i := 0; i < len(amounts); i++ {
		if err := create(ctx, Payment{ID: uuid.NewString(), Amount: amounts[i]}); err != nil {
			return err
		}
	}
	return nil
}

// A polling loop that stops on a sentinel is not a retry of one write.
func poll(ctx context.Context, next func() (int64, error)) error {
	for {
		amount, err := next()
		if errors.Is(err, context.Canceled) {
			return nil
		}
		if err != nil {
			return err
		}
		_ = create(ctx, Payment{ID: uuid.NewString(), Amount: amount})
	}
}
