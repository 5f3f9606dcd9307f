package outbox

// SetHook lets the external tests cut a batch after a step, as a crash
// would.
func SetHook(r *Relay, hook func(step string) error) { r.hook = hook }

const (
	StepLocked    = stepLocked
	StepPublished = stepPublished
	StepMarked    = stepMarked
)
