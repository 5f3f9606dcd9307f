// Package redisbrpopfirst: a worker takes payment notifications off a Redis
// list with BRPOP. The pop is the acknowledgement: the entry is gone from
// Redis before the payment row is written and the merchant is called, so a
// crash in between loses the notification.
package redisbrpopfirst

import (
	"bytes"
	"context"
	"database/sql"
	"net/http"

	"github.com/redis/go-redis/v9"
)

func Consume(ctx context.Context, rds *redis.Client, db *sql.DB, merchantURL string) { // want Consume:"durableWork"
	for {
		res, err := rds.BRPop(ctx, 0, "queue:payments").Result() // want `BRPop`
		if err != nil {
			continue
		}
		body := []byte(res[1])
		if _, err := db.ExecContext(ctx, "INSERT INTO payments (payload) VALUES ($1)", body); err != nil {
			continue
		}
		resp, err := http.Post(merchantURL, "application/json", bytes.NewReader(body))
		if err != nil {
			continue
		}
		resp.Body.Close()
	}
}
