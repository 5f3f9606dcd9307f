package driver

import (
	"encoding/json"
	"io"
	"path/filepath"
)

// Code Climate JSON is the report GitLab's merge-request code-quality
// widget reads (artifacts:reports:codequality): an array of issues, each
// with a description, a check name, a fingerprint (how GitLab tells new
// findings from old ones), a severity and the location, a path relative to
// the repository's root and the first line.

type codeClimateIssue struct {
	Type        string              `json:"type"`
	Description string              `json:"description"`
	CheckName   string              `json:"check_name"`
	Categories  []string            `json:"categories"`
	Fingerprint string              `json:"fingerprint"`
	Severity    string              `json:"severity"`
	Location    codeClimateLocation `json:"location"`
}

type codeClimateLocation struct {
	Path  string           `json:"path"`
	Lines codeClimateLines `json:"lines"`
}

type codeClimateLines struct {
	Begin int `json:"begin"`
}

// WriteCodeClimate writes the findings of res as a Code Climate JSON
// report. Paths are relative to SourceRoot(dir); the fingerprint is the
// baseline's, so it survives lines shifting.
func WriteCodeClimate(w io.Writer, dir string, res *Result) error {
	base := SourceRoot(dir)
	issues := make([]codeClimateIssue, 0, len(res.Findings))
	for _, f := range res.Findings {
		issues = append(issues, codeClimateIssue{
			Type:        "issue",
			Description: f.Analyzer.Name + ": " + f.Diag.Message,
			CheckName:   f.Analyzer.Name,
			Categories:  []string{"Bug Risk"},
			Fingerprint: Fingerprint(dir, f),
			Severity:    "major",
			Location: codeClimateLocation{
				Path:  filepath.ToSlash(RelPath(base, f.Posn.Filename)),
				Lines: codeClimateLines{Begin: f.Posn.Line},
			},
		})
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(issues)
}
