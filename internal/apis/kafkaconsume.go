package apis

import "go/types"

// Consumer-side Kafka knowledge used to follow a message through a handler:
// the types that carry one consumed message (or a batch of them) and how a
// kafka-go reader is configured.

// kafkaMessageTypes carry consumed data: a message, a record, or a fetch.
var kafkaMessageTypes = []Func{
	{Path: kafkaGo, Name: "Message"},
	{Path: sarama, Name: "ConsumerMessage"},
	{Path: franzKgo, Name: "Record"},
	{Path: franzKgo, Name: "Fetches"},
	{Path: franzKgo, Name: "Fetch"},
	{Path: franzKgo, Name: "FetchTopic"},
	{Path: franzKgo, Name: "FetchPartition"},
	{Path: franzKgo, Name: "FetchTopicPartition"},
	{Path: franzKgo, Name: "FetchesRecordIter"},
	{Path: confluentK, Name: "Message"},
}

// IsKafkaMessageType reports whether t is a consumed Kafka message, record
// or fetch, a pointer to one, or a slice, array or channel of them.
func IsKafkaMessageType(t types.Type) bool {
	for range 4 { // peel *T, []T, [n]T, chan T a few levels deep
		switch u := types.Unalias(t).(type) {
		case *types.Pointer:
			t = u.Elem()
			continue
		case *types.Slice:
			t = u.Elem()
			continue
		case *types.Array:
			t = u.Elem()
			continue
		case *types.Chan:
			t = u.Elem()
			continue
		case *types.Named:
			obj := u.Obj()
			if obj.Pkg() == nil {
				return false
			}
			p := NormPath(obj.Pkg().Path())
			for _, m := range kafkaMessageTypes {
				if m.Path == p && m.Name == obj.Name() {
					return true
				}
			}
			return false
		}
		return false
	}
	return false
}

// kafkaReaderNew makes a kafka-go Reader from a ReaderConfig.
var kafkaReaderNew = Func{Path: kafkaGo, Name: "NewReader"}

// IsKafkaReaderNew reports whether fn is kafka.NewReader (its argument is
// the ReaderConfig).
func IsKafkaReaderNew(fn *types.Func) bool { return fn != nil && Describe(fn) == kafkaReaderNew }

// IsKafkaReaderConfig reports whether t (or *t) is kafka-go's ReaderConfig,
// whose GroupID field turns on the consumer group and ReadMessage's commit.
func IsKafkaReaderConfig(t types.Type) bool {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && NormPath(n.Obj().Pkg().Path()) == kafkaGo && n.Obj().Name() == "ReaderConfig"
}

// KafkaGroupIDField is the ReaderConfig field naming the consumer group.
const KafkaGroupIDField = "GroupID"
