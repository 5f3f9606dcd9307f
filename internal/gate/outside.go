package gate

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync/atomic"

	"golang.org/x/tools/go/analysis"
)

// The analysed code is the modules a run was started on: the main module,
// the modules of a workspace, modules replaced by a directory (a
// monorepo's sibling modules: their source is on disk, outside the module
// cache and vendor/) — plus the packages that -facts-from (the
// facts-from setting) names. A package outside it (the standard library, a
// dependency from the module cache) can produce no finding and no fact any
// driver would use: library APIs are tables in internal/apis, not facts.
// The standalone driver never analyses such a package (it reads
// dependencies from export data); go vet and golangci-lint run every
// fact-using analyzer on every dependency, so each idemlint analyzer
// returns at once there (safe.Run, report.Analyzer), and the go vet tool
// answers a facts-only unit outside the analysed code without even
// parsing it. All drivers thus compute the same facts.

var (
	factsFrom atomic.Pointer[[]string]
	requested atomic.Bool
)

// SetFactsFrom sets the import-path patterns ("github.com/acme/kit/...",
// or an exact path) of packages outside the analysed modules whose
// helpers count like the module's own.
func SetFactsFrom(patterns []string) {
	var ps []string
	for _, p := range patterns {
		if p = strings.TrimSpace(p); p != "" {
			ps = append(ps, p)
		}
	}
	factsFrom.Store(&ps)
}

// FactsFrom returns the patterns SetFactsFrom set.
func FactsFrom() []string {
	if p := factsFrom.Load(); p != nil {
		return *p
	}
	return nil
}

// SetRequested records that the package of this process was named on the
// command line (a go vet unit that is not facts-only): it is analysed
// wherever it lives.
func SetRequested(v bool) { requested.Store(v) }

// Outside reports whether pass's package lies outside the analysed code.
func Outside(pass *analysis.Pass) bool {
	if Disabled || requested.Load() {
		return false
	}
	return OutsidePackage(pass.Pkg.Path(), pass.Module, packageDir(pass))
}

// OutsidePackage reports whether the package path of module m, with its
// files in dir ("" when unknown), lies outside the analysed code.
func OutsidePackage(path string, m *analysis.Module, dir string) bool {
	if MatchFactsFrom(path) {
		return false
	}
	if m != nil && m.Path != "" {
		// A module with a version is a dependency, unless its files are
		// on disk outside the module cache and vendor/: a module replaced
		// by a directory (replace example.com/kit => ../kit, a monorepo's
		// sibling module), for which drivers still pass the required
		// version.
		return m.Version != "" && !siblingDir(dir)
	}
	// No module: golangci-lint passes an empty one where go vet and the
	// x/tools checker pass nil.
	return inGOROOT(dir)
}

// MatchFactsFrom reports whether path matches a -facts-from pattern: an
// exact path, or a path ending in "/..." that matches itself and every
// path below it.
func MatchFactsFrom(path string) bool {
	for _, p := range FactsFrom() {
		if base, ok := strings.CutSuffix(p, "/..."); ok {
			if path == base || strings.HasPrefix(path, base+"/") {
				return true
			}
		} else if p == "..." || path == p {
			return true
		}
	}
	return false
}

// packageDir is the directory of the package's first file ("" if none).
func packageDir(pass *analysis.Pass) string {
	for _, f := range pass.Files {
		if tf := pass.Fset.File(f.Pos()); tf != nil {
			return filepath.Dir(tf.Name())
		}
	}
	return ""
}

// siblingDir reports whether dir holds a module's source outside the
// module cache (whose directories carry the version: kit@v1.2.0) and
// outside a vendor directory.
func siblingDir(dir string) bool {
	if dir == "" {
		return false
	}
	for elem := range strings.SplitSeq(filepath.ToSlash(dir), "/") {
		if elem == "vendor" || strings.Contains(elem, "@v") {
			return false
		}
	}
	return !inGOROOT(dir)
}

// inGOROOT reports whether dir is in the standard library's source tree.
// A package without module information is the standard library's in
// module mode, but also any package of a GOPATH-mode load (analysistest),
// so the directory decides. When the tool does not know its GOROOT (a
// -trimpath build with $GOROOT unset), nothing is taken for the standard
// library: analysing it costs time, never findings.
func inGOROOT(dir string) bool {
	if dir == "" {
		return false
	}
	root := os.Getenv("GOROOT")
	if root == "" {
		root = runtime.GOROOT() //nolint:staticcheck // the only way to know the toolchain's tree without running go env
	}
	if root == "" {
		return false
	}
	src := filepath.Join(root, "src") + string(filepath.Separator)
	return strings.HasPrefix(filepath.Clean(dir)+string(filepath.Separator), src)
}
