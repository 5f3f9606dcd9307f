package realworld_test

// Shapes met in the "kafka" sweep batch (docs/sweep/kafka.md).

func init() {
	shapes = append(shapes,
		shape{analyzer: "onconflict", dir: "idempotent-upserts"},
		shape{analyzer: "onconflict", dir: "norow-by-text"},
		shape{analyzer: "offsetorder", dir: "franz-autocommit"},
		shape{analyzer: "offsetorder", dir: "worker-pool-shared-reader"},
		shape{analyzer: "offsetorder", dir: "iface-logger-after-commit"},
		shape{analyzer: "offsetorder", dir: "inbox-claim-before-work"},
		shape{analyzer: "ctxcancel", dir: "iface-wrapped-writer"},
		shape{analyzer: "ctxcancel", dir: "goroutine-sender"},
		shape{analyzer: "httpintx", dir: "txmanager-callback"},
	)
}
