package apis

import (
	"go/types"
	"strings"
)

// Database writes that show in the method called, not in SQL text: ORM and
// document-store writes (GORM, bun, ent's graph operations, MongoDB) and
// pgx's COPY. SQL text passed to pgx, database/sql, sqlx or a DBTX-shaped
// interface is classified by the statement it holds (see SQLQueryCall);
// Redis is a cache here, not the database of record.
var dbWrites = func() *Set {
	s := &Set{}
	for _, m := range []string{"Create", "CreateInBatches", "Save", "Update", "Updates", "UpdateColumn", "UpdateColumns", "Delete", "FirstOrCreate"} {
		s.Add(Func{Path: gorm, Recv: "DB", Name: m})
	}
	for _, q := range []string{"InsertQuery", "UpdateQuery", "DeleteQuery"} {
		s.Add(Func{Path: bun, Recv: q, Name: "Exec"})
	}
	for _, f := range []string{"CreateNode", "BatchCreate", "UpdateNode", "UpdateNodes", "DeleteNodes"} {
		s.Add(Func{Path: entSQLGraph, Name: f})
	}
	for _, m := range []string{"InsertOne", "InsertMany", "UpdateOne", "UpdateMany", "UpdateByID", "ReplaceOne",
		"DeleteOne", "DeleteMany", "BulkWrite", "FindOneAndUpdate", "FindOneAndReplace", "FindOneAndDelete"} {
		s.Add(Func{Path: mongo, Recv: "Collection", Name: m})
	}
	for _, recv := range []Func{{Path: pgx, Name: "Conn"}, {Path: pgx, Name: "Tx"}, {Path: pgxpool, Name: "Pool"}, {Path: pgxpool, Name: "Conn"}, {Path: pgxpool, Name: "Tx"}} {
		s.Add(Func{Path: recv.Path, Recv: recv.Name, Name: "CopyFrom"})
	}
	return s
}()

const entSQLGraph = "entgo.io/ent/dialect/sql/sqlgraph"

// DBWrites returns the default set of library calls that write to a
// database through a method (an ORM's Create, a document store's
// InsertOne), SQL text aside.
func DBWrites() *Set { return dbWrites.Clone() }

// IsOutboxName reports whether a table or type name names an outbox
// (outbox_event, OutboxMessage): a row written there is the outbox pattern
// itself, and a relay's update of it marks a row published.
func IsOutboxName(name string) bool {
	return strings.Contains(strings.ToLower(name), "outbox")
}

// RowTypeName returns the name of the row type an ORM call is given: the
// named type under pointers, slices and arrays (OutboxEvent for &event,
// []OutboxEvent, *[]OutboxEvent), "" for others.
func RowTypeName(t types.Type) string {
	for t != nil {
		switch u := types.Unalias(t).(type) {
		case *types.Pointer:
			t = u.Elem()
		case *types.Slice:
			t = u.Elem()
		case *types.Array:
			t = u.Elem()
		case *types.Named:
			return u.Obj().Name()
		default:
			return ""
		}
	}
	return ""
}

// dbReads are library calls that read from a database through a method
// (an ORM's Find, a document store's FindOne), SQL text aside.
var dbReads = func() *Set {
	s := &Set{}
	for _, m := range []string{"Find", "First", "Take", "Last", "Scan", "Pluck", "Count", "FindInBatches"} {
		s.Add(Func{Path: gorm, Recv: "DB", Name: m})
	}
	s.Add(Func{Path: bun, Recv: "SelectQuery", Name: "Scan"}, Func{Path: bun, Recv: "SelectQuery", Name: "ScanAndCount"})
	s.Add(Func{Path: entSQLGraph, Name: "QueryNodes"})
	for _, m := range []string{"Find", "FindOne", "Aggregate", "CountDocuments"} {
		s.Add(Func{Path: mongo, Recv: "Collection", Name: m})
	}
	return s
}()

// DBReads returns the default set of library calls that read from a
// database through a method, SQL text aside.
func DBReads() *Set { return dbReads.Clone() }
