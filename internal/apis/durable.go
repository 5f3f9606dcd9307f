package apis

// Writes beyond SQL statements that make a message's work durable: GORM and
// bun statements, MongoDB collection writes and Redis writes (go-redis v8
// and v9). A consumer that acks or commits before them loses the message.
func init() {
	for _, m := range []string{"Create", "CreateInBatches", "Save", "Update", "Updates", "UpdateColumn", "UpdateColumns", "Delete", "Exec", "FirstOrCreate"} {
		dbStatements.Add(Func{Path: gorm, Recv: "DB", Name: m})
	}
	for _, q := range []string{"InsertQuery", "UpdateQuery", "DeleteQuery", "RawQuery"} {
		dbStatements.Add(Func{Path: bun, Recv: q, Name: "Exec"})
	}
	for _, m := range []string{"InsertOne", "InsertMany", "UpdateOne", "UpdateMany", "UpdateByID", "ReplaceOne",
		"DeleteOne", "DeleteMany", "BulkWrite", "FindOneAndUpdate", "FindOneAndReplace", "FindOneAndDelete"} {
		dbStatements.Add(Func{Path: mongo, Recv: "Collection", Name: m})
	}
	for _, path := range []string{goRedis, goRedisOld} {
		for _, m := range []string{"Set", "SetNX", "SetEx", "SetArgs", "MSet", "HSet", "HSetNX", "HMSet", "HIncrBy", "Incr", "IncrBy",
			"Decr", "DecrBy", "Del", "Expire", "LPush", "RPush", "SAdd", "ZAdd", "XAdd", "Publish"} {
			dbStatements.Add(Func{Path: path, Recv: "cmdable", Name: m})
		}
	}
}
