package realworld_test

// Shapes met in the fourth sweep batch (docs/sweep/batch4.md): services
// nobody on the project had swept before.

func init() {
	shapes = append(shapes,
		shape{analyzer: "skipcommit", dir: "void-handler-wrapper"},
		shape{analyzer: "offsetorder", dir: "commit-on-error-exit"},
		shape{analyzer: "skipcommit", dir: "no-commit-no-seek"},
		shape{analyzer: "offsetorder", dir: "adapter-ack-before-retry"},
		shape{analyzer: "ctxcancel", dir: "struct-ctx-deferred-commit",
			pending: "ctxcancel follows a shutdown context kept in a struct field into a method only when main builds the struct literal itself and starts the method with go (go c.Run(), reported there); here a constructor copies the config and returns it behind an interface, and Start, called synchronously, starts the consume goroutines itself and returns a stop func: the field's context is not linked to the commit (either difference alone loses it); ctxcancel is another helper's this turn"},
		shape{analyzer: "checkthenact", dir: "on-conflict-without-key-index"},
		shape{analyzer: "ctxcancel", dir: "claim-tx-before-publish"},
		shape{analyzer: "lossypublish", dir: "amqp-channel-via-constructor",
			pending: "the channel's origin is followed within one package: the publisher keeps a channel its constructor is given, main passes it RabbitMQ.Channel, which Connect (in the broker package) opened without Confirm; linking a constructor parameter stored in the publisher's field to the channel a caller in another package passes needs a fact on the constructor (parameter i becomes the publisher's channel) and one on the opening field (opened, never confirmed)"},
		shape{analyzer: "skipcommit", dir: "void-handler-unkeyed-call"},
		shape{analyzer: "uuidinretry", dir: "sdk-payout-no-idempotency-key"},
		shape{analyzer: "dualwrite", dir: "bus-registered-consumer-handler"},
	)
}
