package outbox

import (
	"errors"
	"fmt"
)

// BatchError is how a Publisher reports a batch that failed message by
// message: Errs[i] is msgs[i]'s error, nil if the broker acknowledged it.
// The relay marks the acknowledged rows PUBLISHED, counts an attempt against
// each row whose error is Permanent, and returns the others to PENDING.
type BatchError struct {
	Errs []error
}

func (e *BatchError) Error() string {
	n := 0
	var first error
	for _, err := range e.Errs {
		if err != nil {
			if first == nil {
				first = err
			}
			n++
		}
	}
	return fmt.Sprintf("%d of %d messages failed, first: %v", n, len(e.Errs), first)
}

type permanent struct{ err error }

func (p permanent) Error() string { return p.err.Error() }
func (p permanent) Unwrap() error { return p.err }

// Permanent marks err as the message's own fault (too large, an invalid
// topic, not authorized): it will fail the same way every time, so it
// counts against the row's attempts, up to MaxAttempts and the FAILED
// state. Errors not marked are taken as passing (broker down, timeouts) and
// retried without counting. A Publisher may return Permanent(err) for a
// batch of one message, or inside a BatchError.
func Permanent(err error) error {
	if err == nil {
		return nil
	}
	return permanent{err}
}

// IsPermanent reports whether err was marked with Permanent.
func IsPermanent(err error) bool {
	var p permanent
	return errors.As(err, &p)
}

// perMessage spreads a Publish error over the batch's messages.
func perMessage(err error, n int) []error {
	var be *BatchError
	if errors.As(err, &be) && len(be.Errs) == n {
		return be.Errs
	}
	errs := make([]error, n)
	for i := range errs {
		if n == 1 || !IsPermanent(err) {
			errs[i] = err
		} else {
			// A permanent error of a whole batch names no culprit.
			errs[i] = errors.Unwrap(err)
		}
	}
	return errs
}

// Failure is a row's failed publish, as the relay's OnFailure hook sees it.
type Failure struct {
	Message  Message
	Attempts int   // attempts counted so far, this one included
	Err      error // the publish error
	Failed   bool  // the row is now FAILED: no more attempts (RetryFailed)
}
