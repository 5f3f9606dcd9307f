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
		shape{analyzer: "uuidinretry", dir: "watermill-cqrs-handler-key",
			pending: "the key is minted in a typed event handler registered with watermill's cqrs.NewEventHandler (func(ctx, *Event) error): the router acks the message only when it returns nil, so a redelivery runs it again and sends a new key; uuidinretry knows watermill handlers by their *message.Message parameter, not handlers handed to cqrs.NewEventHandler/NewCommandHandler (or an EventHandler implementation); needs those registrations recognised as redelivered handlers, the function value given to them included"},
		shape{analyzer: "offsetorder", dir: "error-channel-send-before-ack"},
	)
}
