// want package:`wired\(2\)`

// Package app is the composition root: it builds the gRPC adapter and hands
// it to the repository inside the clients struct.
package app

import (
	"google.golang.org/grpc"
	"gorm.io/gorm"

	"realworld/httpintx/clients-struct-wired-port/grpcadapter"
	"realworld/httpintx/clients-struct-wired-port/ports"
	"realworld/httpintx/clients-struct-wired-port/productpb"
	"realworld/httpintx/clients-struct-wired-port/repo"
)

func Wire(db *gorm.DB, conn *grpc.ClientConn) *repo.Orders {
	clients := &ports.Clients{Product: grpcadapter.New(productpb.NewProductServiceClient(conn))}
	return repo.New(db, clients) // want `gRPC call` `gRPC call`
}
