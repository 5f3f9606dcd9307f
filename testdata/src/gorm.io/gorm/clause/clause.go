// Stub of gorm.io/gorm/clause v1.31.1 (clause.go, on_conflict.go, locking.go): only the
// declarations used by tests.
package clause

// Expression expression interface
type Expression interface{ Build(builder Builder) }

// Builder builder interface
type Builder interface{ WriteString(string) (int, error) }

// Column quote with name
type Column struct{ Name string }

// OnConflict is the ON CONFLICT clause of an INSERT.
type OnConflict struct {
	Columns   []Column
	DoNothing bool
	UpdateAll bool
}

func (OnConflict) Build(builder Builder) {}

// Locking is the FOR UPDATE / FOR SHARE clause of a SELECT.
type Locking struct {
	Strength string
}

func (Locking) Build(builder Builder) {}
