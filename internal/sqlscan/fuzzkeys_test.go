package sqlscan

import "testing"

// FuzzKeys checks that the key readers neither panic nor loop on arbitrary
// input.
func FuzzKeys(f *testing.F) {
	for _, s := range []string{
		"SELECT 1 FROM t WHERE k = $1", "INSERT INTO t (a, b) VALUES ($1, ?)", "INSERT INTO t (",
		"CREATE TABLE t (a int UNIQUE, PRIMARY KEY (a)", "CREATE UNIQUE INDEX ON", "ALTER TABLE t ADD", "ALTER TABLE",
		"SELECT FROM WHERE = $99999999999999999999", "INSERT INTO t (a) VALUES ($1) ON CONFLICT (", "= ? = $1 =",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		for _, st := range Scan(src) {
			st.Lookup(src)
			if ins, ok := st.InsertTarget(src); ok && len(ins.Params) != len(ins.Columns) {
				t.Fatalf("%d params for %d columns", len(ins.Params), len(ins.Columns))
			}
		}
		UniqueKeys(src)
		CreatedTables(src)
		SerializableIsolation(src)
	})
}
