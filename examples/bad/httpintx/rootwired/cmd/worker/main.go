// Command worker wires the checkout use case: here the GORM unit of work
// and the HTTP gateway meet, and so do the transaction and the call.
package main

import (
	"context"
	"log"

	"gorm.io/gorm"

	"github.com/idemlint/idemlint/examples/bad/httpintx/rootwired/checkout"
	"github.com/idemlint/idemlint/examples/bad/httpintx/rootwired/gateway"
	"github.com/idemlint/idemlint/examples/bad/httpintx/rootwired/persistence"
)

func main() {
	// db is opened from the configuration.
	var db *gorm.DB
	svc := checkout.New(persistence.NewUnitOfWork(db), persistence.NewOrders(db), gateway.NewProvider("https://pay.example")) // want: httpintx
	url, err := svc.Checkout(context.Background(), "order-1", 4200)
	if err != nil {
		log.Fatal(err)
	}
	log.Println(url)
}
