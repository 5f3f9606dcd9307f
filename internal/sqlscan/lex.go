package sqlscan

import "strings"

// tokKind classifies a token.
type tokKind uint8

const (
	tWord   tokKind = iota // identifier or keyword (unquoted); Text is lower-cased
	tQIdent                // "quoted identifier"; Text is the unquoted name
	tString                // any string literal: '...', E'...', $$...$$, B'...', X'...', U&'...'
	tParam                 // $1
	tNumber                // 42, 1.5e3
	tLParen                // (
	tRParen                // )
	tSemi                  // ;
	tComma                 // ,
	tOp                    // any other punctuation or operator
)

// A token is one lexical element; Pos is its byte offset in the input.
type token struct {
	Kind tokKind
	Text string
	Pos  int
	End  int // byte offset just past the token
}

// lex splits src into tokens, dropping whitespace and comments. Unterminated
// literals and comments run to the end of the input. It never fails.
func lex(src string) []token {
	toks, _ := lexComments(src)
	return toks
}

// A comment is the byte range of one comment, delimiters included.
type comment struct{ Start, End int }

// lexComments is lex that also returns the comments.
func lexComments(src string) ([]token, []comment) {
	var toks []token
	var comments []comment
	i := 0
	n := len(src)
	for i < n {
		c := src[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v':
			i++
		case c == '-' && i+1 < n && src[i+1] == '-':
			start := i
			for i < n && src[i] != '\n' {
				i++
			}
			comments = append(comments, comment{start, i})
		case c == '/' && i+1 < n && src[i+1] == '*':
			start := i
			i = skipBlockComment(src, i)
			comments = append(comments, comment{start, i})
		case c == '\'':
			j := skipQuoted(src, i, '\'', false)
			toks = append(toks, token{tString, src[i:j], i, j})
			i = j
		case (c == 'e' || c == 'E') && i+1 < n && src[i+1] == '\'':
			j := skipQuoted(src, i+1, '\'', true)
			toks = append(toks, token{tString, src[i:j], i, j})
			i = j
		case (c == 'b' || c == 'B' || c == 'x' || c == 'X' || c == 'n' || c == 'N') && i+1 < n && src[i+1] == '\'':
			j := skipQuoted(src, i+1, '\'', false)
			toks = append(toks, token{tString, src[i:j], i, j})
			i = j
		case (c == 'u' || c == 'U') && i+2 < n && src[i+1] == '&' && (src[i+2] == '\'' || src[i+2] == '"'):
			q := src[i+2]
			j := skipQuoted(src, i+2, q, false)
			kind := tString
			text := src[i:j]
			if q == '"' {
				kind, text = tQIdent, unquoteIdent(src[i+2:j])
			}
			toks = append(toks, token{kind, text, i, j})
			i = j
		case c == '"':
			j := skipQuoted(src, i, '"', false)
			toks = append(toks, token{tQIdent, unquoteIdent(src[i:j]), i, j})
			i = j
		case c == '$':
			if i+1 < n && isDigit(src[i+1]) {
				j := i + 1
				for j < n && isDigit(src[j]) {
					j++
				}
				toks = append(toks, token{tParam, src[i:j], i, j})
				i = j
				break
			}
			if j, ok := skipDollarQuoted(src, i); ok {
				toks = append(toks, token{tString, src[i:j], i, j})
				i = j
				break
			}
			toks = append(toks, token{tOp, "$", i, i + 1})
			i++
		case isIdentStart(c):
			j := i + 1
			for j < n && isIdentChar(src[j]) {
				j++
			}
			toks = append(toks, token{tWord, strings.ToLower(src[i:j]), i, j})
			i = j
		case isDigit(c) || c == '.' && i+1 < n && isDigit(src[i+1]):
			j := i + 1
			for j < n && (isDigit(src[j]) || src[j] == '.' || src[j] == '_' || isIdentStart(src[j])) {
				j++
			}
			toks = append(toks, token{tNumber, src[i:j], i, j})
			i = j
		case c == '(':
			toks = append(toks, token{tLParen, "(", i, i + 1})
			i++
		case c == ')':
			toks = append(toks, token{tRParen, ")", i, i + 1})
			i++
		case c == ';':
			toks = append(toks, token{tSemi, ";", i, i + 1})
			i++
		case c == ',':
			toks = append(toks, token{tComma, ",", i, i + 1})
			i++
		default:
			toks = append(toks, token{tOp, src[i : i+1], i, i + 1})
			i++
		}
	}
	return toks, comments
}

// skipBlockComment returns the offset just past the (nested) block comment
// that starts at src[i:] with "/*".
func skipBlockComment(src string, i int) int {
	depth := 0
	n := len(src)
	for i < n {
		if src[i] == '/' && i+1 < n && src[i+1] == '*' {
			depth++
			i += 2
			continue
		}
		if src[i] == '*' && i+1 < n && src[i+1] == '/' {
			depth--
			i += 2
			if depth == 0 {
				return i
			}
			continue
		}
		i++
	}
	return n
}

// skipQuoted returns the offset just past the literal quoted with q that
// starts at src[i]. A doubled quote is an escaped quote; with backslash, a
// backslash escapes the next byte (E'...' strings).
func skipQuoted(src string, i int, q byte, backslash bool) int {
	n := len(src)
	i++
	for i < n {
		c := src[i]
		if backslash && c == '\\' {
			i += 2
			continue
		}
		if c == q {
			if i+1 < n && src[i+1] == q {
				i += 2
				continue
			}
			return i + 1
		}
		i++
	}
	return n
}

// skipDollarQuoted reports whether a dollar-quoted literal ($$ or $tag$)
// starts at src[i], and returns the offset just past it.
func skipDollarQuoted(src string, i int) (int, bool) {
	n := len(src)
	j := i + 1
	if j < n && isIdentStart(src[j]) {
		for j < n && isIdentChar(src[j]) && src[j] != '$' {
			j++
		}
	}
	if j >= n || src[j] != '$' {
		return 0, false
	}
	delim := src[i : j+1]
	k := strings.Index(src[j+1:], delim)
	if k < 0 {
		return n, true
	}
	return j + 1 + k + len(delim), true
}

func unquoteIdent(s string) string {
	if len(s) >= 2 && s[0] == '"' && s[len(s)-1] == '"' {
		s = s[1 : len(s)-1]
	} else if len(s) >= 1 && s[0] == '"' {
		s = s[1:]
	}
	return strings.ReplaceAll(s, `""`, `"`)
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func isIdentStart(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80
}

func isIdentChar(c byte) bool { return isIdentStart(c) || isDigit(c) || c == '$' }
