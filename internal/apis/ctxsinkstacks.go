package apis

// Context sinks of the stacks beyond pgx and Kafka: publishes that fail
// when their context is cancelled (amqp091 PublishWithContext, JetStream
// Publish, SQS SendMessage, waiting on a Pub/Sub publish result) and
// transactions whose context governs the commit (bun, Firestore, Spanner,
// MongoDB). The publishes are also produces: durable work for offsetorder.
func init() {
	for f, ctx := range map[Func]int{
		{Path: amqp091, Recv: "Channel", Name: "PublishWithContext"}: 0,
		{Path: sqsPkg, Recv: "Client", Name: "SendMessage"}:          0,
		{Path: sqsPkg, Recv: "Client", Name: "SendMessageBatch"}:     0,
		{Path: pubsubMsg, Recv: "PublishResult", Name: "Get"}:        0,
	} {
		kafkaProduces[f] = ctx
		publishCtxSinks.Add(f)
	}
	for _, f := range jetStreamPublishes {
		kafkaProduces[f] = 0
		publishCtxSinks.Add(f)
	}
	for f, ctx := range map[Func]int{
		{Path: bun, Recv: "DB", Name: "RunInTx"}:                      0,
		{Path: bun, Recv: "DB", Name: "BeginTx"}:                      0,
		{Path: bun, Recv: "Conn", Name: "RunInTx"}:                    0,
		{Path: firestore, Recv: "Client", Name: "RunTransaction"}:     0,
		{Path: spanner, Recv: "Client", Name: "ReadWriteTransaction"}: 0,
		{Path: mongo, Recv: "Session", Name: "WithTransaction"}:       0,
	} {
		txCtxSinks[f] = ctx
	}
}
