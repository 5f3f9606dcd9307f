package checkthenact

import "github.com/idemlint/idemlint/internal/sqlscan"

// query is constant SQL text.
type query string

// writes reports whether a statement of the query inserts, updates,
// deletes or merges.
func (q query) writes() bool {
	for _, st := range sqlscan.Scan(string(q)) {
		if isWrite(st.Kind) {
			return true
		}
		for _, cte := range st.CTEs {
			if isWrite(cte.Stmt.Kind) {
				return true
			}
		}
	}
	return false
}

func isWrite(k sqlscan.Kind) bool {
	return k == sqlscan.Insert || k == sqlscan.Update || k == sqlscan.Delete || k == sqlscan.Merge
}
