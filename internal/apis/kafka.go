package apis

// Kafka client APIs: how a consumer receives a message, how it commits the
// offset, and how a producer publishes. Paths are normalized (sarama's two
// homes, confluent-kafka-go v1 and v2 share entries).
const (
	kafkaGo    = "github.com/segmentio/kafka-go"
	sarama     = "github.com/IBM/sarama"
	franzKgo   = "github.com/twmb/franz-go/pkg/kgo"
	confluentK = "github.com/confluentinc/confluent-kafka-go/kafka"
)

// KafkaPaths are the import paths (normalized) of the Kafka clients.
var KafkaPaths = []string{kafkaGo, sarama, franzKgo, confluentK}

// kafkaReceives return one message (or a batch of records) per call.
var kafkaReceives = NewSet(
	Func{Path: kafkaGo, Recv: "Reader", Name: "FetchMessage"},
	Func{Path: kafkaGo, Recv: "Reader", Name: "ReadMessage"},
	Func{Path: franzKgo, Recv: "Client", Name: "PollFetches"},
	Func{Path: franzKgo, Recv: "Client", Name: "PollRecords"},
	Func{Path: confluentK, Recv: "Consumer", Name: "ReadMessage"},
	Func{Path: confluentK, Recv: "Consumer", Name: "Poll"},
	// sarama: for msg := range claim.Messages() { ... }
	Func{Path: sarama, Recv: "ConsumerGroupClaim", Name: "Messages"},
	Func{Path: sarama, Recv: "PartitionConsumer", Name: "Messages"},
	// franz-go: for _, r := range fetches.Records() { ... } handles one fetch
	Func{Path: franzKgo, Recv: "Fetches", Name: "Records"},
)

// kafkaFetches fetch the next message (or batch of records) from the
// broker: what a loop handles after one of them is a newer message than
// anything fetched before it.
var kafkaFetches = NewSet(
	Func{Path: kafkaGo, Recv: "Reader", Name: "FetchMessage"},
	Func{Path: kafkaGo, Recv: "Reader", Name: "ReadMessage"},
	Func{Path: franzKgo, Recv: "Client", Name: "PollFetches"},
	Func{Path: franzKgo, Recv: "Client", Name: "PollRecords"},
	Func{Path: confluentK, Recv: "Consumer", Name: "ReadMessage"},
	Func{Path: confluentK, Recv: "Consumer", Name: "Poll"},
)

// kafkaRecordIters visit the records of a franz-go fetch with a callback.
var kafkaRecordIters = NewSet(
	Func{Path: franzKgo, Recv: "Fetches", Name: "EachRecord"},
	Func{Path: franzKgo, Recv: "Fetches", Name: "EachPartition"},
	Func{Path: franzKgo, Recv: "Fetches", Name: "EachTopic"},
	Func{Path: franzKgo, Recv: "FetchTopicPartition", Name: "EachRecord"},
	Func{Path: franzKgo, Recv: "FetchPartition", Name: "EachRecord"},
)

// kafkaAutoCommitReads commit the offset as they return (kafka-go's ReadMessage
// on a reader with a GroupID).
var kafkaAutoCommitReads = NewSet(
	Func{Path: kafkaGo, Recv: "Reader", Name: "ReadMessage"},
)

// kafkaCommits commit (or mark for commit) consumed offsets.
var kafkaCommits = NewSet(
	Func{Path: kafkaGo, Recv: "Reader", Name: "CommitMessages"},
	Func{Path: sarama, Recv: "ConsumerGroupSession", Name: "MarkMessage"},
	Func{Path: sarama, Recv: "ConsumerGroupSession", Name: "MarkOffset"},
	Func{Path: sarama, Recv: "ConsumerGroupSession", Name: "Commit"},
	Func{Path: franzKgo, Recv: "Client", Name: "CommitRecords"},
	Func{Path: franzKgo, Recv: "Client", Name: "CommitUncommittedOffsets"},
	Func{Path: franzKgo, Recv: "Client", Name: "CommitMarkedOffsets"},
	Func{Path: franzKgo, Recv: "Client", Name: "MarkCommitRecords"},
	Func{Path: franzKgo, Recv: "Client", Name: "CommitOffsets"},
	Func{Path: franzKgo, Recv: "Client", Name: "CommitOffsetsSync"},
	Func{Path: confluentK, Recv: "Consumer", Name: "CommitMessage"},
	Func{Path: confluentK, Recv: "Consumer", Name: "CommitOffsets"},
	Func{Path: confluentK, Recv: "Consumer", Name: "Commit"},
	Func{Path: confluentK, Recv: "Consumer", Name: "StoreMessage"},
	Func{Path: confluentK, Recv: "Consumer", Name: "StoreOffsets"},
)

// kafkaProduces publish messages; the context argument index (or -1).
var kafkaProduces = map[Func]int{
	{Path: kafkaGo, Recv: "Writer", Name: "WriteMessages"}:     0,
	{Path: franzKgo, Recv: "Client", Name: "ProduceSync"}:      0,
	{Path: franzKgo, Recv: "Client", Name: "Produce"}:          0,
	{Path: franzKgo, Recv: "Client", Name: "TryProduce"}:       0,
	{Path: sarama, Recv: "SyncProducer", Name: "SendMessage"}:  -1,
	{Path: sarama, Recv: "SyncProducer", Name: "SendMessages"}: -1,
	{Path: confluentK, Recv: "Producer", Name: "Produce"}:      -1,
}

// KafkaReceives returns the default set of consumer receive calls.
func KafkaReceives() *Set { return kafkaReceives.Clone() }

// KafkaFetches returns the calls that fetch the next message(s) from the
// broker (a subset of KafkaReceives: not the channel or record accessors).
func KafkaFetches() *Set { return kafkaFetches.Clone() }

// KafkaRecordIters returns franz-go's record-visiting callbacks.
func KafkaRecordIters() *Set { return kafkaRecordIters.Clone() }

// KafkaAutoCommitReads returns the receive calls that commit as they return.
func KafkaAutoCommitReads() *Set { return kafkaAutoCommitReads.Clone() }

// KafkaCommits returns the default set of offset commit calls.
func KafkaCommits() *Set { return kafkaCommits.Clone() }

// KafkaProduces returns the default set of produce calls.
func KafkaProduces() *Set {
	s := &Set{}
	for f := range kafkaProduces {
		s.Add(f)
	}
	return s
}

// KafkaProduceCtxArg returns the index of the context argument of a produce
// call (-1 when it takes none).
func KafkaProduceCtxArg(f Func) int {
	if i, ok := kafkaProduces[f]; ok {
		return i
	}
	return -1
}
