package consumer

import "github.com/segmentio/kafka-go"

// SetHook lets the external tests cut the work after a step, as a crash
// would.
func SetHook(c *Consumer, hook func(step string, msg kafka.Message) error) { c.hook = hook }

// Cuts are the steps of the message at offset 3; the last one, the next
// message's fetch, is the cut right after offset 3 was committed.
var Cuts = []struct {
	Step   string
	Offset int64
}{{stepFetched, 3}, {stepClaimed, 3}, {stepHandled, 3}, {stepTxDone, 3}, {stepFetched, 4}}
