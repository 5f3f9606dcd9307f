package apis

// asynq (github.com/hibiken/asynq): a task queue on Redis. Enqueueing a
// task hands a message to another system, like a broker publish: a row
// written and then a task enqueued with nothing tying them together is a
// dual write (a crash between them loses the task). The task handler's
// side (a function receiving *asynq.Task) is in redelivery.go.
func init() {
	brokerPublishes.Add(
		Func{Path: asynq, Recv: "Client", Name: "Enqueue"},
		Func{Path: asynq, Recv: "Client", Name: "EnqueueContext"},
	)
}
