package realworld_test

// Shapes met in the sixth sweep batch (docs/sweep/batch6.md): eight services
// nobody on the project had swept before. Each pending case was run without
// its skip: it fails only on the finding it names (the facts the analyzers
// produce today are expected in the case).

func init() {
	shapes = append(shapes,
		shape{analyzer: "skipcommit", dir: "classified-transient-moves-on",
			pending: "the failure branch first tests isTerminal(err): skipcommit takes a branch on a classification of the error for a per-kind policy and reports neither side; but the non-terminal side returns without committing, expecting a redelivery that kafka-go never makes (the next commit covers the offset); needs the classification exemption limited to branches that commit, ack, dead-letter, retry or stop, so that a classified branch that only moves on is still followed"},
		shape{analyzer: "skipcommit", dir: "several-moves-on-one-failure",
			pending: "the counter-failure branch is reported, the other two are not: the branch on the per-message retry counter (n <= maxRetries) is taken for a retry though nothing brings the message back, and the dead letter written through a helper that returns a bool is taken for a checked dead-letter publish, whose failure branch (!ok, not err != nil) is then not followed; needs a retry to require a path back to the failed call (or a seek), and the false result of a dead-letter helper treated as its failure"},
		shape{analyzer: "skipcommit", dir: "streadway-void-body-handler",
			pending: "the loop hands the handler only d.Body and acks d after it returns; the void-handler rule links a handler to the delivery when it is given the delivery itself (verified: settle(d) is reported), not a field of it, so the failed update in settle is not a failure of the acked message; needs a handler given data derived from the delivery (its Body) treated like one given the delivery"},
		shape{analyzer: "offsetorder", dir: "amqp-rpc-reply-after-ack"},
		shape{analyzer: "offsetorder", dir: "redis-pel-recovery-before-loop"},
		shape{analyzer: "offsetorder", dir: "readmessage-otel-wrapper"},
		shape{analyzer: "checkthenact", dir: "parent-row-lock-before-check"},
		shape{analyzer: "httpintx", dir: "clients-struct-wired-port"},
		shape{analyzer: "lossypublish", dir: "fx-provide-closure"},
		shape{analyzer: "uuidinretry", dir: "post-key-in-body"},
		shape{analyzer: "uuidinretry", dir: "asynq-post-fiber-agent"},
		shape{analyzer: "ctxcancel", dir: "sweeper-atomic-db-tx"},
	)
}
