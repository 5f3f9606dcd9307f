package apis

// Transactions of document and cloud databases that run a callback:
// Firestore RunTransaction, Spanner ReadWriteTransaction and MongoDB
// Session.WithTransaction retry the callback on contention, and whatever
// it sends out is sent again.
const (
	firestore = "cloud.google.com/go/firestore"
	spanner   = "cloud.google.com/go/spanner"
	mongo     = "go.mongodb.org/mongo-driver/mongo" // v1 and v2 (go.mongodb.org/mongo-driver/v2/mongo)
)

func init() {
	DBPaths = append(DBPaths, firestore, spanner, mongo)
	txTypes = append(txTypes,
		Func{Path: firestore, Name: "Transaction"},
		Func{Path: spanner, Name: "ReadWriteTransaction"},
	)
	// RunTransaction(ctx, f func(context.Context, *Transaction) error, opts...)
	txFuncBegins[Func{Path: firestore, Recv: "Client", Name: "RunTransaction"}] = 1
	// ReadWriteTransaction(ctx, f func(context.Context, *ReadWriteTransaction) error)
	txFuncBegins[Func{Path: spanner, Recv: "Client", Name: "ReadWriteTransaction"}] = 1
	txFuncBegins[Func{Path: spanner, Recv: "Client", Name: "ReadWriteTransactionWithOptions"}] = 1
	// v1: Session interface; v2: *Session. WithTransaction(ctx, fn, opts...)
	txFuncBegins[Func{Path: mongo, Recv: "Session", Name: "WithTransaction"}] = 1
}
