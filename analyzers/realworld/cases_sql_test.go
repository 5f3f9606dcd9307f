package realworld_test

// Shapes met in the "sql" batch of the real-code sweep (docs/sweep/sql.md):
// services on database/sql, pgx, GORM, RabbitMQ, NATS, watermill, Redis.

func init() {
	shapes = append(shapes,
		shape{analyzer: "httpintx", dir: "discopedtx", pending: "issue 12: the transaction reaches the handler through a per-message scope and an interface call; the repository keeps it in a field"},
		shape{analyzer: "httpintx", dir: "grpcsiblingmodule", pending: "issue 12: a generated gRPC client interface (last parameter ...grpc.CallOption) whose implementation is outside the analysed code is not taken for a network call"},
		shape{analyzer: "offsetorder", dir: "watermillackfirst"},
		shape{analyzer: "uuidinretry", dir: "natsinboxgated", pending: ""},
		shape{analyzer: "offsetorder", dir: "redisbrpopfirst"},
	)
}
