// Package retry is a stub of k8s.io/client-go/util/retry v0.34 (signatures only).
package retry

import "k8s.io/apimachinery/pkg/util/wait"

var DefaultRetry = wait.Backoff{}
var DefaultBackoff = wait.Backoff{}

func OnError(backoff wait.Backoff, retriable func(error) bool, fn func() error) error { return nil }
func RetryOnConflict(backoff wait.Backoff, fn func() error) error                     { return nil }
