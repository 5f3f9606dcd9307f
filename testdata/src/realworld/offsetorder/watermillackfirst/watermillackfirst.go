// Package watermillackfirst: a service ranges over a watermill subscription
// and acknowledges each message as soon as it is decoded, then does the work
// the message asks for (look up the winner, record the prize). A crash or a
// failed lookup after the Ack loses the message: the broker will not resend.
package watermillackfirst

import (
	"context"
	"database/sql"
	"encoding/json"
	"log"

	"github.com/ThreeDotsLabs/watermill/message"
)

type lotteryConcluded struct {
	LotteryID int `json:"lottery_id"`
}

func SendPrizes(ctx context.Context, sub message.Subscriber, db *sql.DB) error { // want SendPrizes:"commitsOffset" SendPrizes:"durableWork"
	msgs, err := sub.Subscribe(ctx, "lottery-concluded")
	if err != nil {
		return err
	}
	for msg := range msgs {
		var ev lotteryConcluded
		if err := json.Unmarshal(msg.Payload, &ev); err != nil {
			msg.Nack()
			continue
		}
		msg.Ack() // want `Ack.* before`
		var winner string
		if err := db.QueryRowContext(ctx, "SELECT winner FROM lotteries WHERE id = $1", ev.LotteryID).Scan(&winner); err != nil {
			log.Printf("no winner for %d: %v", ev.LotteryID, err)
			continue
		}
		if _, err := db.ExecContext(ctx, "INSERT INTO prizes (lottery_id, winner) VALUES ($1, $2)", ev.LotteryID, winner); err != nil {
			log.Printf("prize for %d: %v", ev.LotteryID, err)
		}
	}
	return nil
}

// SendPrizesAfter is the correct form: the Ack follows the durable write.
func SendPrizesAfter(ctx context.Context, sub message.Subscriber, db *sql.DB) error { // want SendPrizesAfter:"commitsOffset" SendPrizesAfter:"durableWork"
	msgs, err := sub.Subscribe(ctx, "lottery-concluded")
	if err != nil {
		return err
	}
	for msg := range msgs {
		var ev lotteryConcluded
		if err := json.Unmarshal(msg.Payload, &ev); err != nil {
			msg.Nack()
			continue
		}
		if _, err := db.ExecContext(ctx, "INSERT INTO prizes (lottery_id) VALUES ($1) ON CONFLICT DO NOTHING", ev.LotteryID); err != nil {
			msg.Nack()
			continue
		}
		msg.Ack()
	}
	return nil
}
