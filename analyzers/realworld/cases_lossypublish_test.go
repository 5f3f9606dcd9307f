package realworld_test

// Shapes of lossypublish met in both sweep batches (docs/sweep/lossypublish.md).
// The shapes found are cases of testdata/src/lossypublish (kafkanoacks,
// permessage, amqpnoconfirm, outboxlib); these are the ones not yet found.

func init() {
	shapes = append(shapes,
		shape{analyzer: "lossypublish", dir: "iface-impl-elsewhere",
			pending: "issue 12: the relay's publisher interface is implemented (lossily, JetStream PublishMsgAsync unawaited) only in a package the relay does not import; the call layer resolves interfaces within the package and its imports"},
		shape{analyzer: "lossypublish", dir: "fanout-broker",
			pending: "issue 12: the relay's broker interface resolves to a fan-out whose brokers are interfaces again, implemented (go-rabbitmq PublishWithContext) in a package neither the relay nor the fan-out imports (danicc097/todo-ddd-example)"},
	)
}
