package grpcclient

import (
	"context"
	"database/sql"

	"google.golang.org/grpc"
)

// What protoc-gen-go-grpc writes.
type LedgerClient interface {
	Post(ctx context.Context, in *Entry, opts ...grpc.CallOption) (*Entry, error)
}

type Entry struct{ Key string }

type ledgerClient struct {
	cc grpc.ClientConnInterface
}

func NewLedgerClient(cc grpc.ClientConnInterface) LedgerClient {
	return &ledgerClient{cc}
}

func (c *ledgerClient) Post(ctx context.Context, in *Entry, opts ...grpc.CallOption) (*Entry, error) {
	out := new(Entry)
	err := c.cc.Invoke(ctx, "/ledger.Ledger/Post", in, out, opts...)
	if err != nil {
		return nil, err
	}
	return out, nil
}

func Handle(ctx context.Context, db *sql.DB, ledger LedgerClient, conn *grpc.ClientConn) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	_, _ = tx.Exec("UPDATE account SET seen = true")              // the transaction writes
	if _, err := ledger.Post(ctx, &Entry{Key: "k"}); err != nil { // want `gRPC call grpcclient\.LedgerClient\.Post → grpcclient\.\(\*ledgerClient\)\.Post → grpc\.ClientConnInterface\.Invoke inside the transaction begun at grpcclient\.go:35`
		return err
	}
	if _, err := conn.NewStream(ctx, &grpc.StreamDesc{}, "/ledger.Ledger/Watch"); err != nil { // want `gRPC call \(\*grpc\.ClientConn\)\.NewStream inside`
		return err
	}
	return tx.Commit()
}
