package sqlscan

import "strings"

// A Header is sqlc's query annotation: "-- name: InsertEvent :one" (also
// "/* name: InsertEvent :one */").
type Header struct {
	Name   string // InsertEvent
	Cmd    string // ":one", ":many", ":exec", ":execrows", ":execresult", ":batchone", ...
	Pos    int    // byte offset of the comment
	CmdPos int    // byte offset of Cmd
}

// ParseHeader returns the first sqlc header in src's comments.
func ParseHeader(src string) (Header, bool) {
	_, comments := lexComments(src)
	for _, c := range comments {
		if h, ok := parseHeaderComment(src, c); ok {
			return h, true
		}
	}
	return Header{}, false
}

// parseHeaderComment parses "-- name: X :kind" or "/* name: X :kind */".
func parseHeaderComment(src string, c comment) (Header, bool) {
	if c.Start < 0 || c.End > len(src) || c.Start+2 > c.End {
		return Header{}, false
	}
	body := src[c.Start+2 : c.End]
	off := c.Start + 2
	if src[c.Start] == '/' {
		body = strings.TrimSuffix(body, "*/")
	}
	trimmed := strings.TrimLeft(body, " \t")
	off += len(body) - len(trimmed)
	if !strings.HasPrefix(trimmed, "name:") {
		return Header{}, false
	}
	rest := trimmed[len("name:"):]
	off += len("name:")
	fields := strings.Fields(rest)
	if len(fields) < 2 || !strings.HasPrefix(fields[1], ":") || len(fields[1]) < 2 {
		return Header{}, false
	}
	h := Header{Name: fields[0], Cmd: fields[1], Pos: c.Start}
	// Position of the command: after the name.
	i := strings.Index(rest, fields[0]) + len(fields[0])
	i += strings.Index(rest[i:], fields[1])
	h.CmdPos = off + i
	return h, true
}

// A Query is one annotated query of a sqlc query file.
type Query struct {
	Header     Header
	Start, End int         // byte range, from the header to the next header
	Statements []Statement // offsets relative to the whole file
}

// SplitQueries splits a sqlc query file into its annotated queries. Text
// before the first header is not a query. Headers inside literals are not
// headers.
func SplitQueries(src string) []Query {
	_, comments := lexComments(src)
	var heads []Header
	for _, c := range comments {
		if h, ok := parseHeaderComment(src, c); ok {
			heads = append(heads, h)
		}
	}
	out := make([]Query, 0, len(heads))
	for i, h := range heads {
		end := len(src)
		if i+1 < len(heads) {
			end = heads[i+1].Pos
		}
		q := Query{Header: h, Start: h.Pos, End: end}
		for _, st := range Scan(src[h.Pos:end]) {
			shiftStmt(&st, h.Pos)
			q.Statements = append(q.Statements, st)
		}
		out = append(out, q)
	}
	return out
}

func shiftStmt(st *Statement, d int) {
	st.Start += d
	st.End += d
	if st.Conflict != nil {
		st.Conflict.Pos += d
	}
	for i := range st.CTEs {
		shiftStmt(&st.CTEs[i].Stmt, d)
	}
}

// LineCol returns the 1-based line and column (in bytes) of offset off in src.
func LineCol(src string, off int) (line, col int) {
	off = max(0, min(off, len(src)))
	line = 1 + strings.Count(src[:off], "\n")
	col = off - strings.LastIndex(src[:off], "\n")
	return line, col
}
