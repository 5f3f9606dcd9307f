package realworld_test

// Shapes met in the sixth sweep batch (docs/sweep/batch6.md): eight services
// nobody on the project had swept before. Each pending case was run without
// its skip: it fails only on the finding it names (the facts the analyzers
// produce today are expected in the case).

func init() {
	shapes = append(shapes,
		shape{analyzer: "skipcommit", dir: "classified-transient-moves-on"},
		shape{analyzer: "skipcommit", dir: "several-moves-on-one-failure"},
		shape{analyzer: "skipcommit", dir: "streadway-void-body-handler"},
		shape{analyzer: "offsetorder", dir: "amqp-rpc-reply-after-ack"},
		shape{analyzer: "offsetorder", dir: "redis-pel-recovery-before-loop"},
		shape{analyzer: "offsetorder", dir: "readmessage-otel-wrapper"},
		shape{analyzer: "checkthenact", dir: "parent-row-lock-before-check"},
		shape{analyzer: "httpintx", dir: "clients-struct-wired-port"},
		shape{analyzer: "lossypublish", dir: "fx-provide-closure"},
		shape{analyzer: "uuidinretry", dir: "post-key-in-body"},
		shape{analyzer: "uuidinretry", dir: "asynq-post-fiber-agent"},
		shape{analyzer: "ctxcancel", dir: "sweeper-atomic-db-tx"},
		shape{analyzer: "ctxcancel", dir: "sweeper-port-atomic-db-tx"},
		shape{analyzer: "ctxcancel", dir: "dlq-write-checked-no-commit"},
	)
}
