package schemakeys

import (
	"regexp"
	"strings"

	"github.com/idemlint/idemlint/internal/sqlscan"
)

// Atlas HCL schemas (*.hcl): a table block's primary_key block and its
// index blocks with unique = true are unique keys. This reads the blocks
// by their braces, not as HCL: enough for the files atlas writes.

var (
	atlasTable   = regexp.MustCompile(`(?m)^\s*table\s+"([^"]+)"\s*\{`)
	atlasKey     = regexp.MustCompile(`(?m)^\s*(primary_key|index\s+"[^"]*")\s*\{`)
	atlasUnique  = regexp.MustCompile(`(?m)^\s*unique\s*=\s*true\b`)
	atlasColumns = regexp.MustCompile(`columns\s*=\s*\[([^\]]*)\]`)
)

// atlasKeys returns the tables and unique keys an atlas HCL file declares.
func atlasKeys(src string) (tables []string, keys []sqlscan.UniqueKey) {
	for _, m := range atlasTable.FindAllStringSubmatchIndex(src, -1) {
		table := strings.ToLower(src[m[2]:m[3]])
		if i := strings.LastIndex(table, "."); i >= 0 {
			table = table[i+1:]
		}
		tables = append(tables, table)
		body := block(src, m[1]-1)
		for _, k := range atlasKey.FindAllStringSubmatchIndex(body, -1) {
			inner := block(body, k[1]-1)
			if !strings.HasPrefix(body[k[2]:k[3]], "primary_key") && !atlasUnique.MatchString(inner) {
				continue
			}
			c := atlasColumns.FindStringSubmatch(inner)
			if c == nil {
				continue
			}
			var cols []string
			for _, ref := range strings.Split(c[1], ",") {
				ref = strings.TrimSpace(ref)
				if i := strings.LastIndex(ref, "."); i >= 0 {
					ref = ref[i+1:]
				}
				if ref = strings.ToLower(strings.Trim(ref, `"`)); ref != "" {
					cols = append(cols, ref)
				}
			}
			if len(cols) > 0 {
				keys = append(keys, sqlscan.UniqueKey{Table: table, Columns: cols})
			}
		}
	}
	return tables, keys
}

// block returns the text inside the braces that open at src[open].
func block(src string, open int) string {
	depth := 0
	for i := open; i < len(src); i++ {
		switch src[i] {
		case '{':
			depth++
		case '}':
			depth--
			if depth == 0 {
				return src[open+1 : i]
			}
		}
	}
	return src[min(open+1, len(src)):]
}
