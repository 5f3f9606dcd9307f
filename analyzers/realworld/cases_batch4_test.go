package realworld_test

// Shapes met in the fourth sweep batch (docs/sweep/batch4.md): services
// nobody on the project had swept before.

func init() {
	shapes = append(shapes,
		shape{analyzer: "skipcommit", dir: "void-handler-wrapper"},
		shape{analyzer: "checkthenact", dir: "on-conflict-without-key-index",
			pending: "checkthenact takes any INSERT ... ON CONFLICT for a claim; it should take one only when its conflict target (or, without a target, some unique index of the table) covers the checked key column: here the only unique index is the generated id, so the insert never conflicts on the key"},
	)
}
