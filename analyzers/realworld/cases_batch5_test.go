package realworld_test

// Shapes met in the fifth sweep batch (docs/sweep/batch5.md): services
// nobody on the project had swept before. Each pending case was run
// without its skip: it fails only on the finding it names (the facts the
// analyzers produce today are expected in the case).

func init() {
	shapes = append(shapes,
		shape{analyzer: "ctxcancel", dir: "stop-ctx-through-processor-port"},
		shape{analyzer: "dualwrite", dir: "asynq-enqueue-after-write"},
		shape{analyzer: "dualwrite", dir: "port-publish-in-helper-closure"},
		shape{analyzer: "dualwrite", dir: "port-tx-callback-then-publish"},
		shape{analyzer: "dualwrite", dir: "sqlboiler-outbox-mark"},
		shape{analyzer: "offsetorder", dir: "readmessage-behind-wrapper"},
		shape{analyzer: "offsetorder", dir: "mark-after-channel-handoff"},
	)
}
