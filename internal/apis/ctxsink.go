package apis

// Context sinks: calls whose context argument governs a transaction's commit
// or a synchronous Kafka publish, so that cancelling that context mid-call
// rolls the transaction back or fails the publish. They build on the tables
// of sql.go and kafka.go.

// SinkKind says what a context sink protects.
type SinkKind string

const (
	SinkTx      SinkKind = "tx"      // a transaction commit (or a call that commits)
	SinkPublish SinkKind = "publish" // a synchronous publish to Kafka
)

// txCtxSinks commit a transaction under their context argument (index among
// the call's arguments, the receiver not counted).
var txCtxSinks = map[Func]int{
	{Path: pgx, Recv: "Tx", Name: "Commit"}:            0,
	{Path: pgxpool, Recv: "Tx", Name: "Commit"}:        0,
	{Path: pgx, Name: "BeginFunc"}:                     0, // v5: commits after fn
	{Path: pgx, Name: "BeginTxFunc"}:                   0,
	{Path: pgx, Recv: "Conn", Name: "BeginFunc"}:       0, // v4
	{Path: pgx, Recv: "Conn", Name: "BeginTxFunc"}:     0,
	{Path: pgxpool, Recv: "Pool", Name: "BeginFunc"}:   0, // v4
	{Path: pgxpool, Recv: "Pool", Name: "BeginTxFunc"}: 0,
	{Path: pgxpool, Recv: "Conn", Name: "BeginFunc"}:   0, // v4
	{Path: pgxpool, Recv: "Conn", Name: "BeginTxFunc"}: 0,
	{Path: sqlPkg, Recv: "DB", Name: "BeginTx"}:        0, // the context governs the whole transaction
	{Path: sqlPkg, Recv: "Conn", Name: "BeginTx"}:      0,
	{Path: sqlx, Recv: "DB", Name: "BeginTxx"}:         0,
	{Path: sqlx, Recv: "Conn", Name: "BeginTxx"}:       0,
	{Path: sqlx, Recv: "DB", Name: "MustBeginTx"}:      0,
}

// publishCtxSinks publish synchronously under their context argument.
var publishCtxSinks = NewSet(
	Func{Path: kafkaGo, Recv: "Writer", Name: "WriteMessages"},
	Func{Path: franzKgo, Recv: "Client", Name: "ProduceSync"},
)

// PgxTxPaths are the (normalized) import paths that declare pgx's Tx
// interface: a type that implements it commits like pgx.Tx.
var PgxTxPaths = []string{pgx}

// ContextSink returns the kind of context sink f is and the index of its
// context argument (the receiver not counted), or "" and -1.
func ContextSink(f Func) (SinkKind, int) {
	if i, ok := txCtxSinks[f]; ok && i >= 0 {
		return SinkTx, i
	}
	if publishCtxSinks.Has(f) {
		return SinkPublish, KafkaProduceCtxArg(f)
	}
	return "", -1
}

// TxContextSinks returns the default set of transaction context sinks.
func TxContextSinks() *Set {
	s := &Set{}
	for f, i := range txCtxSinks {
		if i >= 0 {
			s.Add(f)
		}
	}
	return s
}

// PublishContextSinks returns the default set of publish context sinks.
func PublishContextSinks() *Set { return publishCtxSinks.Clone() }
