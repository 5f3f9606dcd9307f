// Stub of github.com/hibiken/asynq v0.25.1 (client.go, asynq.go): the client's
// enqueue calls, only the declarations used by tests (Option keeps one of its methods).
package asynq

import "context"

// NewTask returns a new Task given a type name and payload data.
func NewTask(typename string, payload []byte, opts ...Option) *Task {
	return &Task{typename: typename, payload: payload}
}

// Option specifies the task processing behavior.
type Option interface{ String() string }

// Client is responsible for scheduling tasks.
type Client struct{}

// TaskInfo describes a task and its metadata.
type TaskInfo struct{ ID string }

// Enqueue enqueues the given task to a queue.
func (c *Client) Enqueue(task *Task, opts ...Option) (*TaskInfo, error) { return &TaskInfo{}, nil }

// EnqueueContext enqueues the given task to a queue.
func (c *Client) EnqueueContext(ctx context.Context, task *Task, opts ...Option) (*TaskInfo, error) {
	return &TaskInfo{}, nil
}
