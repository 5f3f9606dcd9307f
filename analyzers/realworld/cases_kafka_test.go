package realworld_test

// Shapes met in the "kafka" sweep batch (docs/sweep/kafka.md).

func init() {
	shapes = append(shapes,
		shape{analyzer: "onconflict", dir: "idempotent-upserts"},
		shape{analyzer: "onconflict", dir: "norow-by-text"},
		shape{analyzer: "offsetorder", dir: "franz-autocommit"},
		shape{analyzer: "offsetorder", dir: "worker-pool-shared-reader"},
		shape{analyzer: "offsetorder", dir: "iface-logger-after-commit"},
		shape{analyzer: "offsetorder", dir: "inbox-claim-before-work",
			pending: "issue 13: an inbox claim committed on its own before the work acts as an early commit"},
		shape{analyzer: "ctxcancel", dir: "iface-wrapped-writer",
			pending: "issue 12: a project Producer interface whose implementation wraps (*kafka.Writer).WriteMessages"},
		shape{analyzer: "ctxcancel", dir: "goroutine-sender"},
		shape{analyzer: "httpintx", dir: "txmanager-callback"},
	)
}
