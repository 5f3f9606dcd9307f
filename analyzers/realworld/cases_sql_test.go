package realworld_test

// Shapes met in the "sql" batch of the real-code sweep (docs/sweep/sql.md):
// services on database/sql, pgx, GORM, RabbitMQ, NATS, watermill, Redis.

func init() {
	shapes = append(shapes,
		shape{analyzer: "httpintx", dir: "discopedtx"},
		shape{analyzer: "httpintx", dir: "dicontainer", pending: "issue 12: the transaction is a value of a string-keyed container, begun lazily by a scoped factory (c.AddScoped(\"tx\", func...{ return db.Begin() })) and reached through c.Get(key).(*sql.Tx); the handler too; and the wiring imports the repository, so no fact tells the repository that its DB field holds a transaction"},
		shape{analyzer: "httpintx", dir: "grpcsiblingmodule"},
		shape{analyzer: "offsetorder", dir: "watermillackfirst"},
		shape{analyzer: "uuidinretry", dir: "natsinboxgated", pending: ""},
		shape{analyzer: "offsetorder", dir: "redisbrpopfirst", pending: "issue 14: a Redis list pop (BRPOP) that removes the entry before the work is not an acknowledgement in the API tables"},
	)
}
