// Stub of github.com/jackc/pgx/v5 v5.7.6 (pgconn/pgconn.go): only the declarations used by tests.
package pgconn

type FieldDescription struct {
	Name                 string
	TableOID             uint32
	TableAttributeNumber uint16
	DataTypeOID          uint32
	DataTypeSize         int16
	TypeModifier         int32
	Format               int16
}
