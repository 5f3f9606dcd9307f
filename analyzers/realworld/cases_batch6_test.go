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
		shape{analyzer: "offsetorder", dir: "redis-pel-recovery-before-loop",
			pending: "Subscribe first calls recoverPending, which acks each recovered entry after its own handling and whose error is only logged; offsetorder pairs those acks (a commit reached through the call before the loop) with the loop's handling of later entries (the dead-letter XAdd) and reports the call; needs the acks of a helper that reads and acks its own entries (its own XReadGroup) kept apart from the loop's messages"},
		shape{analyzer: "offsetorder", dir: "readmessage-otel-wrapper",
			pending: "rule 2 knows kafka-go's (*Reader).ReadMessage; Trendyol's otel-kafka-konsumer Reader wraps it (its ReadMessage calls the wrapped group reader's ReadMessage and returns *kafka.Message) in a module idemlint does not analyse, so the loop's read is not a commit; needs the wrapper's ReadMessage (and FetchMessage/CommitMessages) in the offset tables of internal/apis, with the GroupID taken from the kafka.ReaderConfig of the wrapped reader"},
		shape{analyzer: "checkthenact", dir: "parent-row-lock-before-check"},
		shape{analyzer: "httpintx", dir: "clients-struct-wired-port"},
		shape{analyzer: "lossypublish", dir: "fx-provide-closure",
			pending: "the relay's publish is a pending port call (relayPending fact) and the implementation is lossy (lossy fact on PublishOutboxEvent), but the two meet only in the fx container: the messaging package provides the implementation from a closure inside fx.Module (fx.Provide(func(cfg) application.EventPublisher { return NewKafkaPublisher(cfg) })) and the root only provides outbox.NewRelay; the container wiring is followed when the implementation's constructor itself is handed to fx.Provide; needs a function literal given to fx.Provide (in any package, fx.Module included) whose result is the port treated as a provider of the implementations it returns"},
		shape{analyzer: "uuidinretry", dir: "post-key-in-body"},
		shape{analyzer: "uuidinretry", dir: "asynq-post-fiber-agent",
			pending: "the nokey rule knows net/http, resty and retryablehttp requests; fiber's client (an Agent whose fasthttp Request gets its method from Header.SetMethod and is sent by Parse/Bytes) is not in internal/apis, so the POST in the asynq task goes unseen; needs fiber's Agent (and fasthttp's Request/Client.Do) as request builders and senders"},
		shape{analyzer: "ctxcancel", dir: "sweeper-atomic-db-tx"},
		shape{analyzer: "ctxcancel", dir: "sweeper-port-atomic-db-tx"},
		shape{analyzer: "ctxcancel", dir: "dlq-write-checked-no-commit"},
	)
}
