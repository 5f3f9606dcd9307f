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
		shape{analyzer: "ctxcancel", dir: "struct-ctx-deferred-commit",
			pending: "ctxcancel follows a shutdown context kept in a struct field into a method only when main builds the struct literal itself and starts the method with go (go c.Run(), reported there); here a constructor copies the config and returns it behind an interface, and Start, called synchronously, starts the consume goroutines itself and returns a stop func: the field's context is not linked to the commit (either difference alone loses it); ctxcancel is another helper's this turn"},
		shape{analyzer: "checkthenact", dir: "on-conflict-without-key-index",
			pending: "checkthenact takes any INSERT ... ON CONFLICT for a claim; it should take one only when its conflict target (or, without a target, some unique index of the table) covers the checked key column: here the only unique index is the generated id, so the insert never conflicts on the key"},
	)
}
