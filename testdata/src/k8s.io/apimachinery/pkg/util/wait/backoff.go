// Package wait is a stub of k8s.io/apimachinery/pkg/util/wait v0.34 (signatures only).
package wait

import "time"

type Backoff struct {
	Duration time.Duration
	Factor   float64
	Steps    int
}
