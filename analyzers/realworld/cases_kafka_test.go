package realworld_test

// Shapes met in the "kafka" sweep batch (docs/sweep/kafka.md).

func init() {
	shapes = append(shapes, shape{analyzer: "onconflict", dir: "idempotent-upserts", pending: ""})
}
