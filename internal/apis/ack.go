package apis

import "go/types"

// Per-message acknowledgement in brokers other than Kafka: an ack tells the
// broker the message is done, so it is never delivered again — the same
// loss as a Kafka offset committed before the work. The acks join the
// offset commits, the message types the consumed Kafka data, and the
// clients the Kafka clients, so that offsetorder follows them unchanged.
const (
	amqp091       = "github.com/rabbitmq/amqp091-go"
	streadwayAMQP = "github.com/streadway/amqp"
	natsGo        = "github.com/nats-io/nats.go"
	jetstream     = "github.com/nats-io/nats.go/jetstream"
	watermillMsg  = "github.com/ThreeDotsLabs/watermill/message"
	pubsubMsg     = "cloud.google.com/go/internal/pubsub" // pubsub.Message (v1 and v2) is an alias of this one
	pubsubPkg     = "cloud.google.com/go/pubsub"
	sqsPkg        = "github.com/aws/aws-sdk-go-v2/service/sqs"
	sqsTypes      = "github.com/aws/aws-sdk-go-v2/service/sqs/types"
	goRedis       = "github.com/redis/go-redis" // v9
	goRedisOld    = "github.com/go-redis/redis" // v8
)

// BrokerPaths are the import paths (normalized) of the non-Kafka message
// brokers whose consumers acknowledge each message.
var BrokerPaths = []string{amqp091, streadwayAMQP, natsGo, watermillMsg, pubsubPkg, sqsPkg}

var brokerAcks = []Func{
	{Path: amqp091, Recv: "Delivery", Name: "Ack"},
	{Path: amqp091, Recv: "Channel", Name: "Ack"},
	{Path: streadwayAMQP, Recv: "Delivery", Name: "Ack"},
	{Path: streadwayAMQP, Recv: "Channel", Name: "Ack"},
	{Path: natsGo, Recv: "Msg", Name: "Ack"},
	{Path: natsGo, Recv: "Msg", Name: "AckSync"},
	{Path: jetstream, Recv: "Msg", Name: "Ack"},
	{Path: jetstream, Recv: "Msg", Name: "DoubleAck"},
	{Path: watermillMsg, Recv: "Message", Name: "Ack"},
	{Path: pubsubMsg, Recv: "Message", Name: "Ack"},
	{Path: sqsPkg, Recv: "Client", Name: "DeleteMessage"},
	{Path: sqsPkg, Recv: "Client", Name: "DeleteMessageBatch"},
	{Path: goRedis, Recv: "cmdable", Name: "XAck"},
	{Path: goRedisOld, Recv: "cmdable", Name: "XAck"},
}

var brokerMessageTypes = []Func{
	{Path: amqp091, Name: "Delivery"},
	{Path: streadwayAMQP, Name: "Delivery"},
	{Path: natsGo, Name: "Msg"},
	{Path: jetstream, Name: "Msg"},
	{Path: watermillMsg, Name: "Message"},
	{Path: pubsubMsg, Name: "Message"},
	{Path: sqsTypes, Name: "Message"},
	{Path: goRedis, Name: "XMessage"},
	{Path: goRedis, Name: "XStream"},
	{Path: goRedisOld, Name: "XMessage"},
	{Path: goRedisOld, Name: "XStream"},
}

func init() {
	KafkaPaths = append(KafkaPaths, BrokerPaths...)
	KafkaPaths = append(KafkaPaths, goRedis, goRedisOld)
	kafkaCommits.Add(brokerAcks...)
	kafkaMessageTypes = append(kafkaMessageTypes, brokerMessageTypes...)
}

// autoAckConsumes start a consumer whose deliveries the broker may take as
// acknowledged on sending: the index of the autoAck flag among the call's
// arguments (the receiver not counted).
var autoAckConsumes = map[Func]int{
	{Path: amqp091, Recv: "Channel", Name: "Consume"}:       2, // Consume(queue, consumer, autoAck, exclusive, noLocal, noWait, args)
	{Path: streadwayAMQP, Recv: "Channel", Name: "Consume"}: 2,
}

// AutoAckArg returns the index of the autoAck flag of a consume call
// (amqp091 Channel.Consume), the receiver not counted, or -1.
func AutoAckArg(fn *types.Func) int {
	if fn == nil {
		return -1
	}
	if i, ok := autoAckConsumes[Describe(fn)]; ok {
		return i
	}
	return -1
}
