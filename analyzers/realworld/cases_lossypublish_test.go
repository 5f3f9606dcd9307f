package realworld_test

// Shapes of lossypublish met in both sweep batches (docs/sweep/lossypublish.md).
// The shapes found in one package are cases of testdata/src/lossypublish
// (kafkanoacks, permessage, amqpnoconfirm, outboxlib); these are the ones
// whose relay and lossy publisher meet only in the composition root.

func init() {
	shapes = append(shapes,
		shape{analyzer: "lossypublish", dir: "iface-impl-elsewhere"},
		shape{analyzer: "lossypublish", dir: "fanout-broker"},
	)
}
