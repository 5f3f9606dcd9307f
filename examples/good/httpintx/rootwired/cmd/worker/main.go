// Command worker wires the checkout use case: the GORM unit of work and
// the HTTP gateway meet here, but the call is made after the commit.
package main

import (
	"context"
	"log"

	"gorm.io/gorm"

	"github.com/idemlint/idemlint/examples/good/httpintx/rootwired/checkout"
	"github.com/idemlint/idemlint/examples/good/httpintx/rootwired/gateway"
	"github.com/idemlint/idemlint/examples/good/httpintx/rootwired/persistence"
)

func main() {
	// db is opened from the configuration.
	var db *gorm.DB
	svc := checkout.New(persistence.NewUnitOfWork(db), persistence.NewOrders(db), gateway.NewProvider("https://pay.example"))
	url, err := svc.Checkout(context.Background(), "order-1", 4200)
	if err != nil {
		log.Fatal(err)
	}
	log.Println(url)
}
