package apis

import "go/types"

// GORM's ON CONFLICT: db.Clauses(clause.OnConflict{DoNothing: true}).Create(&x)
// is INSERT ... ON CONFLICT DO NOTHING: on a duplicate it succeeds with
// RowsAffected 0 and leaves x's primary key unset. Read RowsAffected to
// know whether the row was inserted (onconflict's dedup gate).

var (
	gormCreates = NewSet(
		Func{Path: gorm, Recv: "DB", Name: "Create"},
		Func{Path: gorm, Recv: "DB", Name: "CreateInBatches"},
	)
	gormClauses = Func{Path: gorm, Recv: "DB", Name: "Clauses"}
)

// GORMOnConflictDoNothing is the clause.OnConflict field that makes the
// insert DO NOTHING on a conflict.
const GORMOnConflictDoNothing = "DoNothing"

// GORMResultRowsAffected is the *gorm.DB field a caller reads to learn
// whether its statement changed a row.
const GORMResultRowsAffected = "RowsAffected"

// IsGORMCreate reports whether fn inserts GORM models (Create, CreateInBatches).
func IsGORMCreate(fn *types.Func) bool { return gormCreates.Match(fn) }

// IsGORMClauses reports whether fn is (*gorm.DB).Clauses, which adds
// clauses (clause.OnConflict, ...) to the statement.
func IsGORMClauses(fn *types.Func) bool { return fn != nil && Describe(fn) == gormClauses }

// IsORMWrite reports whether fn writes through a method rather than SQL
// text (GORM Create/Save/Update*/Delete, bun, ent, MongoDB, pgx COPY;
// dbwrite.go).
func IsORMWrite(fn *types.Func) bool { return dbWrites.Match(fn) }
