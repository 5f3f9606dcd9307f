package ignore

import (
	retry "github.com/avast/retry-go/v4"
	"github.com/google/uuid"
)

func save(id string) error { return nil }

func suppressed() error {
	return retry.Do(func() error {
		//idemlint:ignore uuidinretry the server dedups on the order ID, not on this ID
		return save(uuid.NewString())
	})
}

func sameLine() error {
	return retry.Do(func() error {
		return save(uuid.NewString()) //idemlint:ignore uuidinretry,ctxcancel attempt IDs are wanted here
	})
}

func noReason() error {
	return retry.Do(func() error {
		/* want `//idemlint:ignore uuidinretry needs a reason` */ //idemlint:ignore uuidinretry
		return save(uuid.NewString())                             // want `uuid.NewString in retry.Do callback`
	})
}

func otherAnalyzer() error {
	return retry.Do(func() error {
		//idemlint:ignore ctxcancel not this analyzer
		return save(uuid.NewString()) // want `uuid.NewString in retry.Do callback`
	})
}
