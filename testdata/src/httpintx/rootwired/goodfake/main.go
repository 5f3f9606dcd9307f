// Command goodfake wires the GORM adapters with a gateway and a notifier
// that make no network call: the transactions hold no round trip.
package main

import (
	"database/sql"

	"gorm.io/gorm"

	"httpintx/rootwired/fakegw"
	"httpintx/rootwired/persistence"
	"httpintx/rootwired/usecase"
)

func main() {
	db := &gorm.DB{}
	_ = usecase.NewCheckout(&persistence.UnitOfWork{DB: db}, &persistence.Orders{DB: db}, &fakegw.Gateway{})
	_ = usecase.NewReserver(&sql.DB{}, fakegw.Notifier{})
}
