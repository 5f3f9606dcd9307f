package realworld_test

// Shapes met in the third sweep batch (docs/sweep/batch3.md): services nobody
// on the project had swept before.

func init() {
	shapes = append(shapes,
		shape{analyzer: "httpintx", dir: "gorm-begin-callback-param"},
		shape{analyzer: "httpintx", dir: "gorm-begin-callback-port"},
		shape{analyzer: "httpintx", dir: "ctx-carried-gorm-uow"},
		shape{analyzer: "uuidinretry", dir: "fresh-output-event-id",
			pending: "a fresh ID per delivery in a field of the event the consumer publishes: the dedup sink is the next consumer's processed-event insert keyed by the same type's field, across the topic; link a produced type's field to a dedup key of that type's field elsewhere in the module"},
		shape{analyzer: "skipcommit", dir: "streadway-handler-field"},
		shape{analyzer: "checkthenact", dir: "lock-on-other-rows"},
		shape{analyzer: "lossypublish", dir: "gorm-relay-default-acks"},
		shape{analyzer: "lossypublish", dir: "consumer-commit-after-acks0"},
		shape{analyzer: "dualwrite", dir: "eventstore-then-publish"},
	)
}
