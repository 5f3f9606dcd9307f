// Command main imports the composition root, which reported the use
// case: it is not reported again here.
package main

import (
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/segmentio/kafka-go"

	"dualwrite/wiringroot/app"
	"dualwrite/wiringroot/pubadapter"
	"dualwrite/wiringroot/repoadapter"
	"dualwrite/wiringroot/usecase"
)

func main() {
	_ = app.Build(&pgxpool.Pool{}, &kafka.Writer{})
	_ = usecase.New(repoadapter.New(nil), pubadapter.New(nil), nil)
}
