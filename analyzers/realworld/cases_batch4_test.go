package realworld_test

// Shapes met in the fourth sweep batch (docs/sweep/batch4.md): services
// nobody on the project had swept before.

func init() {
	shapes = append(shapes,
		shape{analyzer: "skipcommit", dir: "void-handler-wrapper"},
		shape{analyzer: "offsetorder", dir: "commit-on-error-exit"},
		shape{analyzer: "skipcommit", dir: "no-commit-no-seek"},
		shape{analyzer: "offsetorder", dir: "adapter-ack-before-retry",
			pending: "the consume layer takes a parameter for consumed data only when its type is a library message type; here the delivery reaches retry as the project's own Delivery interface (an adapter over amqp.Delivery), so retry's Ack before its PublishWithContext is not judged (with an amqp.Delivery parameter the same code is reported); needs internal/consume to follow a message into an interface whose implementation in sight wraps it, not changed this turn"},
		shape{analyzer: "ctxcancel", dir: "struct-ctx-deferred-commit"},
		shape{analyzer: "checkthenact", dir: "on-conflict-without-key-index"},
		shape{analyzer: "ctxcancel", dir: "claim-tx-before-publish",
			pending: "ctxcancel reports every BeginTx or Commit that a shutdown context reaches; a claim transaction that runs before any publish and whose only effect is the claim is repaired by its own rollback (the rows stay PENDING), so it should be left alone, as the SPEC's retry-safety model says; ctxcancel is another helper's this turn"},
		shape{analyzer: "lossypublish", dir: "amqp-channel-via-constructor"},
		shape{analyzer: "skipcommit", dir: "void-handler-unkeyed-call",
			pending: "skipcommit judges the failure of a call only when the call works with the message's data; here the failing store call takes no data of the message (it picks any free courier, then marks that courier busy), so the handler's log-and-return is not looked at, though the loop commits the message after it"},
		shape{analyzer: "uuidinretry", dir: "sdk-payout-no-idempotency-key",
			pending: "the outgoing-POST rule (R-SHUT-IDEM-X1) knows net/http requests; a payment provider's SDK call (stripe-go's transfer.New) made in a redelivered event handler with no idempotency key in its params is not recognized: needs a table of provider SDK calls that accept an idempotency key (stripe-go Params.IdempotencyKey / SetIdempotencyKey) and the rule applied to them"},
		shape{analyzer: "dualwrite", dir: "bus-registered-consumer-handler",
			pending: "dualwrite leaves alone a write and a publish made in the handler of a consumed message whose offset is committed after both, but only when it sees the consume loop run the handler; here the handler is a function literal registered on the project's event-bus interface (bus.Register), whose Kafka consume loop is in another package, and the finding is made at the composition root, which does not know that the literal runs as a consumer handler"},
	)
}
