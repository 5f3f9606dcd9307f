package apis

import "go/types"

// Broker publishes: calls that hand a message to a message broker (Kafka,
// RabbitMQ, NATS, Google Pub/Sub, SQS/SNS, watermill publishers). A
// service that writes to its database and publishes with one of these in
// the same operation, without an outbox, is a dual write (dualwrite).
const (
	snsPkg = "github.com/aws/aws-sdk-go-v2/service/sns"

	watermillGoogleCloud = "github.com/ThreeDotsLabs/watermill-googlecloud/pkg/googlecloud"
	watermillKafka       = "github.com/ThreeDotsLabs/watermill-kafka/pkg/kafka"
	watermillAMQP        = "github.com/ThreeDotsLabs/watermill-amqp/pkg/amqp"
	watermillNATS        = "github.com/ThreeDotsLabs/watermill-nats/pkg/nats"
	watermillJetStream   = "github.com/ThreeDotsLabs/watermill-nats/pkg/jetstream"
	watermillRedis       = "github.com/ThreeDotsLabs/watermill-redisstream/pkg/redisstream"
	watermillSNS         = "github.com/ThreeDotsLabs/watermill-aws/sns"
	watermillSQS         = "github.com/ThreeDotsLabs/watermill-aws/sqs"
	watermillSQL         = "github.com/ThreeDotsLabs/watermill-sql/pkg/sql"
	watermillForwarder   = "github.com/ThreeDotsLabs/watermill/components/forwarder"
)

var brokerPublishes = func() *Set {
	s := NewSet(
		// Kafka
		Func{Path: kafkaGo, Recv: "Writer", Name: "WriteMessages"},
		Func{Path: franzKgo, Recv: "Client", Name: "ProduceSync"},
		Func{Path: franzKgo, Recv: "Client", Name: "Produce"},
		Func{Path: franzKgo, Recv: "Client", Name: "TryProduce"},
		Func{Path: sarama, Recv: "SyncProducer", Name: "SendMessage"},
		Func{Path: sarama, Recv: "SyncProducer", Name: "SendMessages"},
		Func{Path: confluentK, Recv: "Producer", Name: "Produce"},
		// RabbitMQ
		Func{Path: amqp091, Recv: "Channel", Name: "Publish"},
		Func{Path: amqp091, Recv: "Channel", Name: "PublishWithContext"},
		Func{Path: amqp091, Recv: "Channel", Name: "PublishWithDeferredConfirm"},
		Func{Path: amqp091, Recv: "Channel", Name: "PublishWithDeferredConfirmWithContext"},
		Func{Path: streadwayAMQP, Recv: "Channel", Name: "Publish"},
		// NATS core and nats.go's legacy JetStream interface (the jetstream
		// package's publishes are added below)
		Func{Path: natsGo, Recv: "Conn", Name: "Publish"},
		Func{Path: natsGo, Recv: "Conn", Name: "PublishMsg"},
		Func{Path: natsGo, Recv: "EncodedConn", Name: "Publish"},
		Func{Path: natsGo, Recv: "JetStream", Name: "Publish"},
		Func{Path: natsGo, Recv: "JetStream", Name: "PublishMsg"},
		// Google Pub/Sub (v1 Topic, v2 Publisher)
		Func{Path: pubsubPkg, Recv: "Topic", Name: "Publish"},
		Func{Path: pubsubPkg, Recv: "Publisher", Name: "Publish"},
		// AWS
		Func{Path: sqsPkg, Recv: "Client", Name: "SendMessage"},
		Func{Path: sqsPkg, Recv: "Client", Name: "SendMessageBatch"},
		Func{Path: snsPkg, Recv: "Client", Name: "Publish"},
		Func{Path: snsPkg, Recv: "Client", Name: "PublishBatch"},
		// watermill: the Publisher interface, and the broker-backed
		// publishers (not watermill-sql's, which writes a table row: an outbox)
		Func{Path: watermillMsg, Recv: "Publisher", Name: "Publish"},
	)
	for _, p := range []string{watermillGoogleCloud, watermillKafka, watermillAMQP, watermillNATS, watermillJetStream, watermillRedis, watermillSNS, watermillSQS} {
		s.Add(Func{Path: p, Recv: "Publisher", Name: "Publish"})
	}
	s.Add(jetStreamPublishes...) // the jetstream package (jetstreampublish.go)
	return s
}()

// BrokerPublishes returns the default set of calls that publish to a
// message broker.
func BrokerPublishes() *Set { return brokerPublishes.Clone() }

// outboxPublisherCtors make a publisher that writes the message as a row
// of the caller's database transaction (watermill-sql) or wraps one to be
// forwarded later (watermill's forwarder): publishing through them is the
// outbox, not a broker publish.
var outboxPublisherCtors = NewSet(
	Func{Path: watermillSQL, Name: "NewPublisher"},
	Func{Path: watermillForwarder, Name: "NewPublisher"},
)

// IsOutboxPublisherCtor reports whether fn makes a publisher that writes
// to the database instead of a broker (watermill-sql's NewPublisher, the
// forwarder's NewPublisher).
func IsOutboxPublisherCtor(fn *types.Func) bool { return outboxPublisherCtors.Match(fn) }
