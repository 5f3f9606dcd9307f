package apis

import "go/types"

// How a franz-go client is built: kgo.NewClient(opts...) makes a group
// consumer with kgo.ConsumerGroup, and such a client commits what it polled
// on its own unless an option turns that off (settle.go's
// franzAutoCommitOff: DisableAutoCommit, AutoCommitMarks).

// (kgo.NewClient itself is lossy.go's IsFranzNewClient.)

var franzConsumerGroup = Func{Path: franzKgo, Name: "ConsumerGroup"}

// IsFranzConsumerGroup reports whether fn is kgo.ConsumerGroup, the option
// that makes the client a group consumer (which commits offsets).
func IsFranzConsumerGroup(fn *types.Func) bool {
	return fn != nil && Describe(fn) == franzConsumerGroup
}

// IsFranzOption reports whether fn is one of kgo's package-level option
// constructors (kgo.SeedBrokers, kgo.ConsumeTopics, ...): a function of
// kgo, not a method.
func IsFranzOption(fn *types.Func) bool {
	if fn == nil || fn.Pkg() == nil || fn.Signature().Recv() != nil {
		return false
	}
	return NormPath(fn.Pkg().Path()) == franzKgo
}
