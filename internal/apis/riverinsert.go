package apis

// River (github.com/riverqueue/river): a job queue in Postgres. Client.Insert
// and InsertMany make the job durable in a transaction of their own, so a
// row written and then a job inserted that way (or inserted while the row's
// transaction is still open) is a dual write, like a broker publish. The
// transactional form, InsertTx/InsertManyTx on the function's own
// transaction, commits the job with the change and is not a publish. The
// worker's side (Work receiving *river.Job) is in redelivery.go.
func init() {
	brokerPublishes.Add(
		Func{Path: river, Recv: "Client", Name: "Insert"},
		Func{Path: river, Recv: "Client", Name: "InsertMany"},
	)
}
