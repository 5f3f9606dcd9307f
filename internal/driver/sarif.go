package driver

import (
	"crypto/sha256"
	"encoding/hex"
	"io"
	"path/filepath"
	"strings"

	"github.com/owenrumney/go-sarif/v3/pkg/report/v210/sarif"
	"golang.org/x/tools/go/analysis"
)

// SARIF output, for code-scanning dashboards (GitHub, GitLab): one rule per
// analyzer with its documentation, one result per finding with its region,
// related locations and fixes. The go-sarif model is used rather than
// hand-written structs because it follows the 2.1.0 schema field by field.

const informationURI = "https://github.com/idemlint/idemlint"

// srcRoot is the uriBaseId of every path: the repository's root.
const srcRoot = "%SRCROOT%"

// WriteSARIF writes res as a SARIF 2.1.0 log. Paths are relative to the
// root of the git repository holding dir (SourceRoot), as code-scanning
// services expect, also when the module lies in a subdirectory. The
// invocation says whether the run succeeded, with the tool errors (packages
// that do not load, failing analyzers) as notifications: a run with errors
// may have missed findings.
func WriteSARIF(w io.Writer, dir string, analyzers []*analysis.Analyzer, res *Result, version string) error {
	run := sarif.NewRunWithInformationURI("idemlint", informationURI)
	base := SourceRoot(dir)
	inv := sarif.NewInvocation().WithExecutionSuccessful(len(res.Errors) == 0)
	for _, e := range res.Errors {
		inv.ToolExecutionNotifications = append(inv.ToolExecutionNotifications,
			sarif.NewNotification().WithLevel("error").WithMessage(sarif.NewMessage().WithText(e.Error())))
	}
	run.AddInvocation(inv)
	if version != "" {
		run.Tool.Driver.WithVersion(version)
	}
	for _, a := range analyzers {
		summary, rest, _ := strings.Cut(a.Doc, "\n")
		rule := run.AddRule(a.Name).
			WithName(a.Name).
			WithShortDescription(sarif.NewMultiformatMessageString().WithText(summary)).
			WithFullDescription(sarif.NewMultiformatMessageString().WithText(strings.TrimSpace(a.Doc))).
			WithHelp(sarif.NewMultiformatMessageString().WithText(strings.TrimSpace(rest)).WithMarkdown(a.Doc)).
			WithDefaultConfiguration(sarif.NewReportingConfiguration().WithLevel("warning"))
		if a.URL != "" {
			rule.WithHelpURI(a.URL)
		}
	}
	for _, f := range res.Findings {
		uri := filepath.ToSlash(RelPath(base, f.Posn.Filename))
		run.AddDistinctArtifact(uri)
		result := run.CreateResultForRule(f.Analyzer.Name).
			WithLevel("warning").
			WithMessage(sarif.NewMessage().WithText(f.Diag.Message)).
			WithLocations([]*sarif.Location{location(uri, f.Posn.Line, f.Posn.Column, f.End.Line, f.End.Column)}).
			WithPartialFingerprints(map[string]string{"idemlint/v1": Fingerprint(dir, f)})
		for _, r := range f.Diag.Related {
			p := f.Fset.Position(r.Pos)
			e := p
			if r.End.IsValid() {
				e = f.Fset.Position(r.End)
			}
			loc := location(filepath.ToSlash(RelPath(base, p.Filename)), p.Line, p.Column, e.Line, e.Column).
				WithMessage(sarif.NewMessage().WithText(r.Message))
			result.RelatedLocations = append(result.RelatedLocations, loc)
		}
		for _, fix := range f.Diag.SuggestedFixes {
			result.Fixes = append(result.Fixes, sarifFix(base, f, fix))
		}
	}
	report := sarif.NewReport()
	report.AddRun(run)
	return report.PrettyWrite(w)
}

func location(uri string, line, col, endLine, endCol int) *sarif.Location {
	region := sarif.NewRegion().WithStartLine(line).WithStartColumn(col)
	if endLine > 0 && (endLine > line || endLine == line && endCol > col) {
		region.WithEndLine(endLine).WithEndColumn(endCol)
	}
	return sarif.NewLocation().WithPhysicalLocation(
		sarif.NewPhysicalLocation().
			WithArtifactLocation(sarif.NewArtifactLocation().WithURI(uri).WithURIBaseID(srcRoot)).
			WithRegion(region))
}

func sarifFix(base string, f Finding, fix analysis.SuggestedFix) *sarif.Fix {
	changes := make(map[string]*sarif.ArtifactChange)
	var order []string
	for _, e := range fix.TextEdits {
		start := f.Fset.Position(e.Pos)
		end := start
		if e.End.IsValid() {
			end = f.Fset.Position(e.End)
		}
		uri := filepath.ToSlash(RelPath(base, start.Filename))
		ch, ok := changes[uri]
		if !ok {
			ch = sarif.NewArtifactChange().WithArtifactLocation(sarif.NewArtifactLocation().WithURI(uri).WithURIBaseID(srcRoot))
			changes[uri] = ch
			order = append(order, uri)
		}
		ch.Replacements = append(ch.Replacements, sarif.NewReplacement().
			WithDeletedRegion(sarif.NewRegion().
				WithStartLine(start.Line).WithStartColumn(start.Column).
				WithEndLine(end.Line).WithEndColumn(end.Column)).
			WithInsertedContent(sarif.NewArtifactContent().WithText(string(e.NewText))))
	}
	out := sarif.NewFix().WithDescription(sarif.NewMessage().WithText(fix.Message))
	for _, uri := range order {
		out.ArtifactChanges = append(out.ArtifactChanges, changes[uri])
	}
	return out
}

// Fingerprint identifies a finding across unrelated edits: the analyzer,
// the file, the message and the text of the reported line (whitespace
// trimmed), not the line number — so a baseline survives lines shifting.
func Fingerprint(dir string, f Finding) string {
	h := sha256.New()
	io.WriteString(h, f.Analyzer.Name+"\x00")
	io.WriteString(h, filepath.ToSlash(RelPath(dir, f.Posn.Filename))+"\x00")
	io.WriteString(h, f.Diag.Message+"\x00")
	io.WriteString(h, lineText(f.Posn.Filename, f.Posn.Line))
	return hex.EncodeToString(h.Sum(nil))[:32]
}
