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
		shape{analyzer: "offsetorder", dir: "readmessage-behind-wrapper",
			pending: "rule 2 (ReadMessage on a group reader) looks at a direct (*kafka.Reader).ReadMessage call in the processing loop; here the loop calls the project's Reader.ReadMessage, a wrapper that calls kafka-go's and returns its own Message type (through a factory interface, or a concrete constructor: both missed); needs a summary on the wrapper method (commits on return, reader with a GroupID) used at its call sites like the library call"},
		shape{analyzer: "offsetorder", dir: "mark-after-channel-handoff",
			pending: "rule 3 takes a send statement to a worker channel for a hand-off; here the send is a select case (case ch <- msg:, with case <-ctx.Done()), which is not, and the channel carries the project's copy of the record, so the worker goroutine is not linked to the record either (verified: a plain send of the copy is reported, and so is a select-case send of the *kgo.Record); needs the send of a select CommClause treated like a send statement"},
	)
}
