// Package docgen renders an analyzer's documentation page (docs/<name>.md)
// from its doc.go, so the page and `idemlint -help` never disagree.
//
// The pages are checked in; the test in analyzers/ regenerates them in
// memory and fails when one is out of date (`go generate ./analyzers`
// rewrites them).
package docgen

import (
	"bytes"
	"flag"
	"fmt"
	"go/doc/comment"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// Markdown returns the documentation page of a.
func Markdown(a *analysis.Analyzer) []byte {
	var b bytes.Buffer
	summary, rest, _ := strings.Cut(a.Doc, "\n")
	fmt.Fprintf(&b, "<!-- Code generated from analyzers/%s/doc.go by go generate ./analyzers. DO NOT EDIT. -->\n\n", a.Name)
	fmt.Fprintf(&b, "# %s\n\n%s.\n\n", a.Name, upperFirst(summary))

	var p comment.Parser
	d := p.Parse(strings.TrimSpace(rest))
	pr := comment.Printer{HeadingLevel: 2}
	b.Write(fenceCode(pr.Markdown(d)))

	b.WriteString("\n## Configuration\n\n")
	var flags []*flag.Flag
	a.Flags.VisitAll(func(f *flag.Flag) { flags = append(flags, f) })
	fmt.Fprintf(&b, "Enable or disable it with `-%s` / `-%s=false` on the command line, or `enable:` / `disable:` in `.idemlint.yml`.\n", a.Name, a.Name)
	if len(flags) > 0 {
		b.WriteString("\n| setting | flag | meaning |\n| --- | --- | --- |\n")
		for _, f := range flags {
			fmt.Fprintf(&b, "| `%s` | `-%s.%s` | %s |\n", f.Name, a.Name, f.Name, strings.ReplaceAll(f.Usage, "|", "\\|"))
		}
		fmt.Fprintf(&b, "\nIn `.idemlint.yml` (and in the golangci-lint plugin's settings):\n\n```yaml\nsettings:\n  %s:\n", a.Name)
		for _, f := range flags {
			fmt.Fprintf(&b, "    %s: [...]\n", f.Name)
		}
		b.WriteString("```\n")
	}
	fmt.Fprintf(&b, "\nSuppress one finding with `//idemlint:ignore %s <reason>` on the line or the line above.\n", a.Name)
	return b.Bytes()
}

func upperFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// fenceCode turns the tab-indented code blocks of the Markdown printer into
// fenced Go blocks, which renderers highlight.
func fenceCode(md []byte) []byte {
	var out []string
	in := false
	blanks := 0 // blank lines seen inside a code block, not yet written
	for _, l := range strings.Split(string(md), "\n") {
		code := strings.HasPrefix(l, "\t")
		switch {
		case code && !in:
			out = append(out, "```go")
			in = true
		case in && l == "":
			blanks++
			continue
		case in && !code:
			out = append(out, "```", "")
			in, blanks = false, 0
		}
		for ; blanks > 0; blanks-- {
			out = append(out, "")
		}
		out = append(out, strings.TrimPrefix(l, "\t"))
	}
	if in {
		out = append(out, "```", "")
	}
	return []byte(strings.Join(out, "\n"))
}
