package realworld_test

// Shapes met in the fifth sweep batch (docs/sweep/batch5.md): services
// nobody on the project had swept before. Each pending case was run
// without its skip: it fails only on the finding it names (the facts the
// analyzers produce today are expected in the case).

func init() {
	shapes = append(shapes,
		shape{analyzer: "ctxcancel", dir: "stop-ctx-through-processor-port",
			pending: "the consume loop hands its stop context to a Processor port it declares; the implementation (which produces an ack with that context) is in a package that does not import the loop's, so the port method has no reachesSink fact where the loop is analysed, and the composition root that wires processor.New into consumer.New does not complete the call as dualwrite and lossypublish do; needs ctxcancel to record the loop's port call as pending and report at the wiring (ctxcancel is another helper's this turn)"},
		shape{analyzer: "dualwrite", dir: "asynq-enqueue-after-write"},
		shape{analyzer: "dualwrite", dir: "port-publish-in-helper-closure",
			pending: "the use case records a pending port call only where it calls the port directly (Place is reported at the wiring); PlaceAndWait publishes through a same-type helper that wraps the port call in a closure and calls it or hands it to a coordinator, and that call is not recorded; needs the pending ports of a function to include those reached through its own helpers and closures, as the in-package call layer already does for concrete calls"},
		shape{analyzer: "dualwrite", dir: "port-tx-callback-then-publish"},
		shape{analyzer: "dualwrite", dir: "sqlboiler-outbox-mark"},
		shape{analyzer: "offsetorder", dir: "readmessage-behind-wrapper"},
		shape{analyzer: "offsetorder", dir: "mark-after-channel-handoff"},
	)
}
