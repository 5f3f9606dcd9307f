// want package:`wired\(1\)`

// Command main wires the service with the repository package's constructors.
package main

import (
	"gorm.io/gorm"

	"realworld/dualwrite/port-tx-callback-then-publish/mq"
	"realworld/dualwrite/port-tx-callback-then-publish/repository"
	"realworld/dualwrite/port-tx-callback-then-publish/service"
)

func main() {
	var db *gorm.DB
	var b *mq.Broker
	svc := service.New(repository.NewWalletRepository(db), repository.NewEventProducer(b)) // want `Transfer \(service.go:\d+\) writes to the database \(domain.WalletRepository.UpdateBalance .* and then publishes \(domain.EventProducer.PublishTransfer`
	_ = svc
}
