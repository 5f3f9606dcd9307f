package realworld_test

// Shapes met in the fourth sweep batch (docs/sweep/batch4.md): services
// nobody on the project had swept before.

func init() {
	shapes = append(shapes,
		shape{analyzer: "skipcommit", dir: "void-handler-wrapper"},
		shape{analyzer: "offsetorder", dir: "commit-on-error-exit"},
		shape{analyzer: "skipcommit", dir: "no-commit-no-seek"},
		shape{analyzer: "offsetorder", dir: "adapter-ack-before-retry"},
		shape{analyzer: "ctxcancel", dir: "struct-ctx-deferred-commit"},
		shape{analyzer: "checkthenact", dir: "on-conflict-without-key-index"},
		shape{analyzer: "ctxcancel", dir: "claim-tx-before-publish"},
		shape{analyzer: "lossypublish", dir: "amqp-channel-via-constructor"},
		shape{analyzer: "skipcommit", dir: "void-handler-unkeyed-call"},
		shape{analyzer: "uuidinretry", dir: "sdk-payout-no-idempotency-key"},
		shape{analyzer: "dualwrite", dir: "bus-registered-consumer-handler"},
	)
}
