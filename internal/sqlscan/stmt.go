package sqlscan

import "strings"

// Kind is the kind of a statement: the verb of its main query (after any
// WITH clause).
type Kind string

const (
	Select Kind = "SELECT" // also VALUES and TABLE
	Insert Kind = "INSERT"
	Update Kind = "UPDATE"
	Delete Kind = "DELETE"
	Merge  Kind = "MERGE"
	Other  Kind = "OTHER" // DDL, utility statements, anything else
)

// Action is what an ON CONFLICT clause does.
type Action string

const (
	DoNothing Action = "DO NOTHING"
	DoUpdate  Action = "DO UPDATE"
)

// A Conflict is the ON CONFLICT clause of an INSERT.
type Conflict struct {
	Target string // "(event_id, consumer_id)", "(key) WHERE deleted_at IS NULL", "ON CONSTRAINT uq", or ""
	Action Action // DoNothing or DoUpdate ("" if the clause is cut short)
	Pos    int    // byte offset of ON in the input
}

// A CTE is one WITH query.
type CTE struct {
	Name string
	Stmt Statement
}

// A Statement is what the scanner learned about one statement.
type Statement struct {
	Start, End int       // byte offsets of the statement in the input
	Kind       Kind      // kind of the main query
	Conflict   *Conflict // ON CONFLICT of the main INSERT, or nil
	Returning  bool      // the main query has a RETURNING clause
	CTEs       []CTE     // WITH queries, in order

	// Sources are the relation names the main query reads from (FROM,
	// JOIN, USING, at any depth outside the CTE bodies), lower-cased.
	Sources []string
	// SetOp reports a UNION, INTERSECT or EXCEPT at the top level of the
	// main query.
	SetOp bool
	// TopFrom reports a FROM at the top level of a SELECT (without one, a
	// SELECT yields exactly one row).
	TopFrom bool
}

// Scan splits src into statements at top-level semicolons and scans each.
// Empty statements are dropped.
func Scan(src string) []Statement {
	toks := lex(src)
	var out []Statement
	start := 0
	depth := 0
	for i := 0; i <= len(toks); i++ {
		if i < len(toks) {
			switch toks[i].Kind {
			case tLParen:
				depth++
				continue
			case tRParen:
				if depth > 0 {
					depth--
				}
				continue
			case tSemi:
				if depth > 0 {
					continue
				}
			default:
				continue
			}
		}
		if i > start {
			end := len(src)
			if i < len(toks) {
				end = toks[i].Pos
			}
			st := scanStmt(src, toks[start:i], 0)
			st.Start = toks[start].Pos
			st.End = end
			out = append(out, st)
		}
		start = i + 1
		depth = 0
	}
	return out
}

// maxNesting bounds the CTE recursion, so that hostile input cannot blow
// the stack.
const maxNesting = 64

// scanStmt scans one statement's tokens (no top-level semicolons).
func scanStmt(src string, toks []token, nesting int) Statement {
	st := Statement{Kind: Other}
	if len(toks) == 0 {
		return st
	}
	st.Start, st.End = toks[0].Pos, toks[len(toks)-1].End
	i := 0
	// A parenthesized query: (SELECT ...) UNION ...
	if toks[0].Kind == tLParen {
		st.Kind = Select
		st.scanSelect(toks)
		return st
	}
	if isWord(toks[0], "with") {
		i = st.scanWith(src, toks, nesting)
	}
	if i >= len(toks) {
		return st
	}
	main := toks[i:]
	switch {
	case main[0].Kind == tLParen, isWord(main[0], "select"), isWord(main[0], "values"), isWord(main[0], "table"):
		st.Kind = Select
		st.scanSelect(main)
	case isWord(main[0], "insert"):
		st.Kind = Insert
		st.scanInsert(src, main)
	case isWord(main[0], "update"):
		st.Kind = Update
		st.scanDML(main)
	case isWord(main[0], "delete"):
		st.Kind = Delete
		st.scanDML(main)
	case isWord(main[0], "merge"):
		st.Kind = Merge
		st.scanDML(main)
	}
	return st
}

// scanWith reads a WITH clause and returns the index of the main query.
func (st *Statement) scanWith(src string, toks []token, nesting int) int {
	i := 1
	if i < len(toks) && isWord(toks[i], "recursive") {
		i++
	}
	for i < len(toks) {
		// name [ (columns) ] AS [ [NOT] MATERIALIZED ] ( query )
		if toks[i].Kind != tWord && toks[i].Kind != tQIdent {
			return i
		}
		name := toks[i].Text
		i++
		if i < len(toks) && toks[i].Kind == tLParen {
			i = skipParens(toks, i)
		}
		if i >= len(toks) || !isWord(toks[i], "as") {
			return i
		}
		i++
		if i < len(toks) && isWord(toks[i], "not") {
			i++
		}
		if i < len(toks) && isWord(toks[i], "materialized") {
			i++
		}
		if i >= len(toks) || toks[i].Kind != tLParen {
			return i
		}
		end := skipParens(toks, i)
		body := toks[i+1 : end]
		if end-1 > i && toks[end-1].Kind == tRParen {
			body = toks[i+1 : end-1]
		}
		var sub Statement
		if nesting < maxNesting {
			sub = scanStmt(src, body, nesting+1)
		} else {
			sub = Statement{Kind: Other}
		}
		st.CTEs = append(st.CTEs, CTE{Name: name, Stmt: sub})
		i = end
		// SEARCH / CYCLE clauses of recursive CTEs: skip to the comma or the main query.
		for i < len(toks) && toks[i].Kind != tComma && !startsQuery(toks[i]) {
			if toks[i].Kind == tLParen {
				i = skipParens(toks, i)
				continue
			}
			i++
		}
		if i < len(toks) && toks[i].Kind == tComma {
			i++
			continue
		}
		return i
	}
	return i
}

func startsQuery(t token) bool {
	if t.Kind == tLParen {
		return true
	}
	if t.Kind != tWord {
		return false
	}
	switch t.Text {
	case "select", "values", "table", "insert", "update", "delete", "merge":
		return true
	}
	return false
}

// skipParens returns the index just past the parenthesis group that opens
// at toks[i] (or len(toks) if it is not closed).
func skipParens(toks []token, i int) int {
	depth := 0
	for ; i < len(toks); i++ {
		switch toks[i].Kind {
		case tLParen:
			depth++
		case tRParen:
			depth--
			if depth <= 0 {
				return i + 1
			}
		}
	}
	return len(toks)
}

// scanSelect records the sources and set operations of a query.
func (st *Statement) scanSelect(toks []token) {
	depth := 0
	for i, t := range toks {
		switch t.Kind {
		case tLParen:
			depth++
		case tRParen:
			depth--
		case tWord:
			switch t.Text {
			case "union", "intersect", "except":
				if depth == 0 {
					st.SetOp = true
				}
			case "from", "join", "using":
				if t.Text == "from" && depth == 0 {
					st.TopFrom = true
				}
				if name, ok := relationAfter(toks, i); ok {
					st.Sources = append(st.Sources, name)
				}
			case "returning":
				if depth == 0 {
					st.Returning = true
				}
			}
		}
	}
}

// relationAfter returns the relation named after FROM/JOIN at toks[i]:
// the last part of a qualified name. A subquery or function call yields
// nothing.
func relationAfter(toks []token, i int) (string, bool) {
	j := i + 1
	if j < len(toks) && isWord(toks[j], "only") {
		j++
	}
	if j < len(toks) && isWord(toks[j], "lateral") {
		return "", false
	}
	name := ""
	for j < len(toks) && (toks[j].Kind == tWord || toks[j].Kind == tQIdent) {
		if toks[j].Kind == tWord && isReserved(toks[j].Text) {
			break
		}
		name = toks[j].Text
		if j+2 < len(toks) && toks[j+1].Kind == tOp && toks[j+1].Text == "." {
			j += 2
			continue
		}
		j++
		break
	}
	if name == "" {
		return "", false
	}
	if j < len(toks) && toks[j].Kind == tLParen { // a function in FROM
		return "", false
	}
	return strings.ToLower(name), true
}

func isReserved(w string) bool {
	switch w {
	case "select", "values", "where", "group", "order", "limit", "on", "as", "join", "left",
		"right", "inner", "outer", "full", "cross", "natural", "union", "intersect", "except",
		"returning", "set", "lateral", "offset", "fetch", "for", "window", "having":
		return true
	}
	return false
}

// scanInsert reads the ON CONFLICT and RETURNING clauses of an INSERT.
func (st *Statement) scanInsert(src string, toks []token) {
	depth := 0
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		switch t.Kind {
		case tLParen:
			depth++
			continue
		case tRParen:
			depth--
			continue
		case tWord:
		default:
			continue
		}
		if depth != 0 {
			if t.Text == "from" || t.Text == "join" {
				if name, ok := relationAfter(toks, i); ok {
					st.Sources = append(st.Sources, name)
				}
			}
			continue
		}
		switch t.Text {
		case "on":
			if c, next, ok := scanConflict(src, toks, i); ok {
				st.Conflict = c
				i = next - 1
			}
		case "returning":
			st.Returning = true
		case "from", "join", "using":
			if name, ok := relationAfter(toks, i); ok {
				st.Sources = append(st.Sources, name)
			}
		case "union", "intersect", "except":
			st.SetOp = true
		}
	}
}

// scanConflict reads "ON CONFLICT [target] DO {NOTHING|UPDATE}" starting at
// toks[i] ("on"). It returns the clause and the index after the action.
func scanConflict(src string, toks []token, i int) (*Conflict, int, bool) {
	if i+1 >= len(toks) || !isWord(toks[i+1], "conflict") {
		return nil, 0, false
	}
	j := i + 2
	c := &Conflict{Pos: toks[i].Pos}
	if j >= len(toks) {
		return c, j, true
	}
	switch {
	case toks[j].Kind == tLParen:
		k := skipParens(toks, j)
		// Optional WHERE predicate of a partial unique index.
		if k < len(toks) && isWord(toks[k], "where") {
			for k < len(toks) && !isWord(toks[k], "do") {
				if toks[k].Kind == tLParen {
					k = skipParens(toks, k)
					continue
				}
				k++
			}
		}
		c.Target = rawText(src, toks[j:k])
		j = k
	case isWord(toks[j], "on") && j+1 < len(toks) && isWord(toks[j+1], "constraint"):
		k := j + 2
		if k < len(toks) {
			k++
		}
		c.Target = rawText(src, toks[j:k])
		j = k
	case isWord(toks[j], "do"):
	default:
		// ON conflict = ... in a join condition: not a conflict clause.
		return nil, 0, false
	}
	if j < len(toks) && isWord(toks[j], "do") {
		j++
		if j < len(toks) && isWord(toks[j], "nothing") {
			c.Action = DoNothing
			j++
		} else if j < len(toks) && isWord(toks[j], "update") {
			c.Action = DoUpdate
			j++
		}
	}
	return c, j, true
}

// scanDML reads the RETURNING of UPDATE, DELETE and MERGE, and their sources.
func (st *Statement) scanDML(toks []token) {
	depth := 0
	for i, t := range toks {
		switch t.Kind {
		case tLParen:
			depth++
		case tRParen:
			depth--
		case tWord:
			switch t.Text {
			case "returning":
				if depth == 0 {
					st.Returning = true
				}
			case "from", "join", "using":
				if name, ok := relationAfter(toks, i); ok {
					st.Sources = append(st.Sources, name)
				}
			}
		}
	}
}

// rawText returns the source text that toks span, with runs of white space
// collapsed to one blank.
func rawText(src string, toks []token) string {
	if len(toks) == 0 {
		return ""
	}
	start, end := toks[0].Pos, toks[len(toks)-1].End
	if start < 0 || end > len(src) || start > end {
		return ""
	}
	return strings.Join(strings.Fields(src[start:end]), " ")
}

func isWord(t token, w string) bool { return t.Kind == tWord && t.Text == w }
