package down

import (
	"uuidinretry/helper/up"

	retry "github.com/avast/retry-go/v4"
	"github.com/google/uuid"
)

type Payment struct{ ID string }

func store(p Payment) error { return nil }

func viaFact() error {
	return retry.Do(func() error {
		return store(Payment{ID: up.NewPaymentID()}) // want `up.NewPaymentID → uuid.NewString in retry.Do callback`
	})
}

func viaChain() error {
	return retry.Do(func() error {
		return store(Payment{ID: up.Wrapped()}) // want `up.Wrapped → NewPaymentID → uuid.NewString in retry.Do callback`
	})
}

func companyRetry() error {
	return up.Do(5, func() error {
		return store(Payment{ID: uuid.NewString()}) // want `uuid.NewString in up.Do callback`
	})
}

func companyForward() error {
	return up.Forward(func() error {
		return store(Payment{ID: uuid.NewString()}) // want `uuid.NewString in up.Forward callback`
	})
}

func notARetry() error {
	return up.Run(func() error {
		return store(Payment{ID: uuid.NewString()})
	})
}

func derived(orderID string) error {
	return retry.Do(func() error {
		return store(Payment{ID: up.KeyFor(orderID)})
	})
}
