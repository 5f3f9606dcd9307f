package retrylibs

import (
	"context"
	"crypto/rand"
	"time"

	retry "github.com/avast/retry-go/v4"
	retry5 "github.com/avast/retry-go/v5"
	"github.com/cenkalti/backoff/v4"
	backoff5 "github.com/cenkalti/backoff/v5"
	gofrs "github.com/gofrs/uuid/v5"
	"github.com/google/uuid"
	"github.com/lithammer/shortuuid/v4"
	"github.com/oklog/ulid/v2"
	"github.com/rs/xid"
	"github.com/segmentio/ksuid"
	goretry "github.com/sethvargo/go-retry"
	k8sretry "k8s.io/client-go/util/retry"
)

type Order struct {
	ID     string
	Amount int64
}

func save(o Order) error          { return nil }
func saveAny(id any) error        { return nil }
func saveBytes(id [16]byte) error { return nil }

func retryGoV4() error {
	return retry.Do(func() error {
		return save(Order{ID: uuid.NewString()}) // want `uuid.NewString in retry.Do callback makes a new identifier on every attempt`
	})
}

func retryGoV4Data() (string, error) {
	return retry.DoWithData(func() (string, error) {
		id := uuid.New().String() // want `uuid.New in retry.DoWithData callback makes a new identifier`
		return id, save(Order{ID: id})
	}, retry.Attempts(3))
}

func retryGoV5() error {
	return retry5.New(retry5.Attempts(3)).Do(func() error {
		return saveAny(ulid.Make()) // want `ulid.Make in retry.\(\*Retrier\).Do callback`
	})
}

func backoffV4() error {
	b := backoff.NewExponentialBackOff()
	err := backoff.Retry(func() error {
		return saveAny(xid.New()) // want `xid.New in backoff.Retry callback`
	}, b)
	if err != nil {
		return err
	}
	return backoff.RetryNotify(func() error {
		return saveAny(ksuid.New()) // want `ksuid.New in backoff.RetryNotify callback`
	}, b, func(error, time.Duration) {})
}

func backoffV4Data() (string, error) {
	return backoff.RetryWithData(func() (string, error) {
		u := uuid.Must(uuid.NewRandom()) // want `uuid.NewRandom in backoff.RetryWithData callback`
		return u.String(), saveBytes(u)
	}, backoff.NewExponentialBackOff())
}

func backoffV5(ctx context.Context) (string, error) {
	return backoff5.Retry(ctx, func() (string, error) {
		id := gofrs.Must(gofrs.NewV4()) // want `uuid.NewV4 in backoff.Retry callback`
		return id.String(), saveAny(id)
	}, backoff5.WithMaxTries(3))
}

func goRetry(ctx context.Context) error {
	return goretry.Do(ctx, goretry.NewConstant(time.Second), func(ctx context.Context) error {
		return save(Order{ID: shortuuid.New()}) // want `shortuuid.New in retry.Do callback`
	})
}

func k8s() error {
	err := k8sretry.RetryOnConflict(k8sretry.DefaultRetry, func() error {
		return save(Order{ID: rand.Text()}) // want `rand.Text in retry.RetryOnConflict callback`
	})
	if err != nil {
		return err
	}
	return k8sretry.OnError(k8sretry.DefaultBackoff, func(error) bool { return true }, func() error {
		v7, _ := uuid.NewV7() // want `uuid.NewV7 in retry.OnError callback`
		return saveBytes(v7)
	})
}

// A function value defined once and passed to the retry: still one attempt each.
func opVar() error {
	op := func() error {
		return save(Order{ID: uuid.NewString()}) // want `uuid.NewString in operation passed to retry.Do makes`
	}
	return retry.Do(op)
}

// A named function passed as the operation: its summary says it makes an ID.
func newOrder() error { return save(Order{ID: uuid.NewString()}) }

func namedOp() error {
	return retry.Do(newOrder) // want `newOrder → uuid.NewString in operation passed to retry.Do`
}

// Through a helper of the same package.
func makeOrder(amount int64) Order { return Order{ID: uuid.NewString(), Amount: amount} }

func throughHelper() error {
	return retry.Do(func() error {
		return save(makeOrder(10)) // want `makeOrder → uuid.NewString in retry.Do callback`
	})
}
