// Package sqlscan is a small Postgres-aware SQL scanner: it finds, for each
// statement of a query string, the statement kind, the ON CONFLICT target
// and action, whether it has RETURNING, and its CTE structure; and it reads
// sqlc's "-- name: X :kind" query headers.
//
// It is a scanner, not a parser. It tokenizes the input the way the Postgres
// lexer does where that matters — "--" and nested "/* */" comments,
// single-quoted, E'...' (backslash-escaped) and dollar-quoted ($$, $tag$)
// literals, quoted identifiers, $n parameters — and then reads only the few
// clauses idemlint needs from the token stream, tracking parenthesis depth.
// Anything it does not understand is skipped; it never panics and is linear
// in the input (both are fuzzed).
//
// A real parser (pg_query_go, which embeds the Postgres parser) was
// considered and rejected: it needs cgo and a C toolchain, compiles for
// minutes, and would make idemlint unusable from golangci-lint module
// plugins, pre-commit hooks and Bazel nogo on machines without a C compiler
// or with CGO_ENABLED=0. The questions asked here (is there an ON CONFLICT
// DO NOTHING, is there a RETURNING, is the insert wrapped in a CTE with a
// fallback) are answered reliably by tokens and depth.
package sqlscan
