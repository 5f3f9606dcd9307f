// Package confluent holds confluent-kafka-go consumers.
package confluent

import (
	"database/sql"
	"time"

	"github.com/confluentinc/confluent-kafka-go/kafka"
)

type Repo interface {
	Apply(key, value []byte) error
}

// Bad: CommitMessage right after ReadMessage, then the handler.
func ReadCommitFirst(c *kafka.Consumer, repo Repo) error { // want ReadCommitFirst:"commitsOffset" ReadCommitFirst:"durableWork"
	for {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		if _, err := c.CommitMessage(msg); err != nil { // want `offset committed by \(\*kafka.Consumer\).CommitMessage before Repo.Apply`
			return err
		}
		if err := repo.Apply(msg.Key, msg.Value); err != nil {
			return err
		}
	}
}

// Bad: StoreMessage before the transaction commits (Poll and a type switch).
func PollStoreFirst(c *kafka.Consumer, db *sql.DB) error { // want PollStoreFirst:"commitsOffset" PollStoreFirst:"durableWork"
	for {
		switch e := c.Poll(100).(type) {
		case *kafka.Message:
			tx, err := db.Begin()
			if err != nil {
				return err
			}
			if _, err := tx.Exec("INSERT INTO processed_event(event_id) VALUES ($1)", string(e.Key)); err != nil {
				tx.Rollback()
				return err
			}
			c.StoreMessage(e) // want `offset committed by \(\*kafka.Consumer\).StoreMessage before \(\*sql.Tx\).Commit`
			if err := tx.Commit(); err != nil {
				return err
			}
		case kafka.Error:
			return e
		}
	}
}

// Good: commit after the work.
func ReadCommitAfter(c *kafka.Consumer, repo Repo) error { // want ReadCommitAfter:"commitsOffset" ReadCommitAfter:"durableWork"
	for {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		if err := repo.Apply(msg.Key, msg.Value); err != nil {
			return err
		}
		if _, err := c.CommitMessage(msg); err != nil {
			return err
		}
	}
}
