// Stub of github.com/twmb/franz-go/pkg/kgo v1.22.3 (config.go): only the declarations idemlint's tests use.
package kgo

// ConsumerOpt is a consumer specific option to configure a client.
type ConsumerOpt interface {
	Opt
	consumerOpt()
}

// GroupOpt is a consumer group specific option to configure a client.
type GroupOpt interface {
	Opt
	groupOpt()
}

type clientOpt struct{ fn func(*cfg) }

func (o clientOpt) apply(cfg *cfg) { o.fn(cfg) }

type consumerOpt struct{ fn func(*cfg) }

func (o consumerOpt) apply(cfg *cfg) { o.fn(cfg) }
func (consumerOpt) consumerOpt()     {}

type groupOpt struct{ fn func(*cfg) }

func (o groupOpt) apply(cfg *cfg) { o.fn(cfg) }
func (groupOpt) groupOpt()        {}

// SeedBrokers sets the seed brokers for the client to use.
func SeedBrokers(seeds ...string) Opt { return clientOpt{func(*cfg) {}} }

// ConsumeTopics adds topics to use for consuming.
func ConsumeTopics(topics ...string) ConsumerOpt { return consumerOpt{func(*cfg) {}} }

// ConsumerGroup sets the consumer group for the client to join and consume in.
func ConsumerGroup(group string) GroupOpt { return groupOpt{func(*cfg) {}} }

// DisableAutoCommit disable auto committing.
func DisableAutoCommit() GroupOpt { return groupOpt{func(*cfg) {}} }

// AutoCommitMarks switches the autocommitting behavior to only commit "marked" records.
func AutoCommitMarks() GroupOpt { return groupOpt{func(*cfg) {}} }
