package realworld_test

// Shapes met in the seventh sweep batch (docs/sweep/batch7.md): eight services
// nobody on the project had swept before. Each pending case was run without
// its skip: it fails only on the finding it names (the facts the analyzers
// produce today are expected in the case).

func init() {
	shapes = append(shapes,
		// An oapi-codegen client behind its ClientInterface, sqlc queries on the
		// transaction, a River client in the struct. The generated
		// ClientWithResponses embeds ClientInterface: it used to count as an
		// implementation whose method is the interface method itself, which
		// emptied the summary and silenced the swept service's nine calls.
		shape{analyzer: "httpintx", dir: "oapi-client-in-tx"},
		shape{analyzer: "dualwrite", dir: "river-insert-after-commit"},
		// Found: a typed handler registered with cqrs.NewEventHandler is a
		// delivery attempt (uuidinretry/cqrs.go).
		shape{analyzer: "uuidinretry", dir: "watermill-cqrs-handler-key"},
		shape{analyzer: "offsetorder", dir: "error-channel-send-before-ack"},
	)
}
