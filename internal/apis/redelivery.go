package apis

import "go/types"

// Work that a broker or job queue runs again when it fails or its process
// dies before the acknowledgement: the handler of a message, a job or a
// task is called once per delivery, like the body of a Kafka delivery loop.
const (
	asynq          = "github.com/hibiken/asynq"
	river          = "github.com/riverqueue/river"
	temporalWf     = "go.temporal.io/sdk/workflow"
	temporalWorker = "go.temporal.io/sdk/worker"
)

// redeliveredTypes are the values a handler receives once per delivery,
// with the name a message gives the delivery. Kafka's are left to the
// Kafka delivery loops.
var redeliveredTypes = map[Func]string{
	{Path: amqp091, Name: "Delivery"}:       "amqp091 delivery",
	{Path: streadwayAMQP, Name: "Delivery"}: "amqp delivery",
	{Path: natsGo, Name: "Msg"}:             "NATS message",
	{Path: jetstream, Name: "Msg"}:          "JetStream message",
	{Path: watermillMsg, Name: "Message"}:   "watermill message",
	{Path: pubsubMsg, Name: "Message"}:      "Pub/Sub message",
	{Path: sqsTypes, Name: "Message"}:       "SQS message",
	{Path: goRedis, Name: "XMessage"}:       "Redis stream message",
	{Path: goRedisOld, Name: "XMessage"}:    "Redis stream message",
	{Path: asynq, Name: "Task"}:             "asynq task",
	{Path: river, Name: "Job"}:              "river job",
}

// RedeliveredPaths are the import paths (normalized) of the brokers and job
// queues that deliver the same message or job again after a failure.
var RedeliveredPaths = []string{amqp091, streadwayAMQP, natsGo, watermillMsg, pubsubPkg, sqsPkg, goRedis, goRedisOld, asynq, river, temporalWf, temporalWorker}

// RedeliveredValue returns how a message names one delivery of t ("watermill
// message") when t (or *t, or a channel or slice of them) is a message, job
// or task a broker or job queue delivers again after a failure, or "".
func RedeliveredValue(t types.Type) string {
	for range 3 {
		switch u := types.Unalias(t).(type) {
		case *types.Pointer:
			t = u.Elem()
			continue
		case *types.Chan:
			t = u.Elem()
			continue
		case *types.Slice:
			t = u.Elem()
			continue
		case *types.Named:
			obj := u.Origin().Obj()
			if obj.Pkg() == nil {
				return ""
			}
			return redeliveredTypes[Func{Path: NormPath(obj.Pkg().Path()), Name: obj.Name()}]
		}
		return ""
	}
	return ""
}

// activityRunners take a Temporal activity function: it runs once per
// attempt, and Temporal retries activities by default. The value is the
// argument index of the activity.
var activityRunners = map[Func]int{
	{Path: temporalWf, Name: "ExecuteActivity"}:                                           1, // ExecuteActivity(ctx, activity, args...)
	{Path: temporalWf, Name: "ExecuteLocalActivity"}:                                      1,
	{Path: temporalWorker, Recv: "ActivityRegistry", Name: "RegisterActivity"}:            0, // w.RegisterActivity(a)
	{Path: temporalWorker, Recv: "ActivityRegistry", Name: "RegisterActivityWithOptions"}: 0,
}

// ActivityArg returns the argument index of the Temporal activity that fn
// registers or executes, or -1.
func ActivityArg(fn *types.Func) int {
	if fn == nil {
		return -1
	}
	if i, ok := activityRunners[Describe(fn)]; ok {
		return i
	}
	return -1
}
