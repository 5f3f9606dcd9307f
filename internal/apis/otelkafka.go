package apis

import "go/types"

// Tracing wrappers over kafka-go's Reader. Trendyol's otel-kafka-konsumer
// (github.com/Trendyol/otel-kafka-konsumer, v0.0.7) wraps a *kafka.Reader
// made by the caller: its ReadMessage calls the wrapped reader's
// ReadMessage (which commits as it returns on a group reader) and returns
// a pointer to the message, its FetchMessage fetches into the message the
// caller passes, and its CommitMessages commits on the wrapped reader. The
// wrapped reader's kafka.ReaderConfig decides, through its GroupID,
// whether ReadMessage commits.
const otelKafkaKonsumer = "github.com/Trendyol/otel-kafka-konsumer"

// kafkaReaderWraps make a reader of their own around a kafka-go Reader
// given as an argument: the index of that argument.
var kafkaReaderWraps = map[Func]int{
	{Path: otelKafkaKonsumer, Name: "NewReader"}: 0, // NewReader(r *kafka.Reader, opts ...Option) (*Reader, error)
}

func init() {
	KafkaPaths = append(KafkaPaths, otelKafkaKonsumer)
	read := Func{Path: otelKafkaKonsumer, Recv: "Reader", Name: "ReadMessage"}
	fetch := Func{Path: otelKafkaKonsumer, Recv: "Reader", Name: "FetchMessage"}
	kafkaReceives.Add(read, fetch)
	kafkaFetches.Add(read, fetch)
	kafkaAutoCommitReads.Add(read)
	kafkaCommits.Add(Func{Path: otelKafkaKonsumer, Recv: "Reader", Name: "CommitMessages"})
}

// KafkaReaderWrapArg returns the index of the kafka-go Reader a wrapper's
// constructor wraps (otelkafkakonsumer.NewReader), or -1 when fn is none.
func KafkaReaderWrapArg(fn *types.Func) int {
	if fn == nil {
		return -1
	}
	if i, ok := kafkaReaderWraps[Describe(fn)]; ok {
		return i
	}
	return -1
}

// IsKafkaReaderWrapperMethod reports whether fn is a method of a wrapper
// over kafka-go's Reader (otelkafkakonsumer's Reader).
func IsKafkaReaderWrapperMethod(fn *types.Func) bool {
	if fn == nil {
		return false
	}
	d := Describe(fn)
	return d.Path == otelKafkaKonsumer && d.Recv == "Reader"
}
