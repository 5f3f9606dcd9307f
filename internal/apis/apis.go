// Package apis is the one place that knows library APIs: which calls make
// identifiers, retry operations, commit transactions, publish to Kafka, commit
// offsets or go over the network.
//
// Every API is a [Func]: an import path, a receiver type name and a function
// name, matched against the callee's *types.Func identity — never against the
// text of the call. Import paths are compared after [NormPath], which removes
// major-version suffixes, so one table entry covers pgx v4 and v5, backoff v4
// and v5, and both homes of sarama.
//
// Each library has its own file with its tables and matchers; analyzers ask
// questions such as IsRetryCall or IsIDGenerator and never spell out a path.
package apis

import (
	"fmt"
	"go/ast"
	"go/types"
	"slices"
	"strings"
	"sync/atomic"

	"golang.org/x/tools/go/types/typeutil"
)

// Func names one library function or method.
type Func struct {
	Path string // import path, normalized by NormPath
	Recv string // receiver type name without '*'; "" for a package-level function
	Name string // function or method name
}

// String returns the configuration form: "path.Name" or "path.Recv.Name".
func (f Func) String() string {
	if f.Recv == "" {
		return f.Path + "." + f.Name
	}
	return f.Path + "." + f.Recv + "." + f.Name
}

// ShortName is the name a message shows: "uuid.NewString", "(*kafka.Writer).WriteMessages"
// is left to callers that know the pointer-ness; this returns "pkg.Name" or "pkg.Recv.Name".
func (f Func) ShortName() string {
	pkg := f.Path[strings.LastIndex(f.Path, "/")+1:]
	if f.Recv == "" {
		return pkg + "." + f.Name
	}
	return pkg + "." + f.Recv + "." + f.Name
}

// ParseFunc parses the configuration form of a function, "import/path.Func"
// or "import/path.Type.Method". The import path may carry a major version
// (it is normalized). A method may also be written as messages print it,
// "import/path.(*Type).Method" or "import/path.(Type).Method", or as
// go/types does, "(*import/path.Type).Method".
func ParseFunc(s string) (Func, error) {
	s = strings.TrimSpace(s)
	orig := s
	if recv, method, ok := strings.Cut(strings.TrimPrefix(s, "("), ")."); ok && strings.HasPrefix(s, "(") {
		s = strings.TrimPrefix(recv, "*") + "." + method // (*path.T).M
	} else if i := strings.LastIndex(s, ".("); i >= 0 {
		recv, method, ok := strings.Cut(s[i+2:], ").")
		if !ok {
			return Func{}, fmt.Errorf("%q is not of the form import/path.Func, import/path.Type.Method or import/path.(*Type).Method", orig)
		}
		s = s[:i] + "." + strings.TrimPrefix(recv, "*") + "." + method // path.(*T).M
	}
	if strings.ContainsAny(s, "()") {
		return Func{}, fmt.Errorf("%q is not of the form import/path.Func, import/path.Type.Method or import/path.(*Type).Method", orig)
	}
	slash := strings.LastIndex(s, "/")
	rest := s[slash+1:]
	parts := strings.Split(rest, ".")
	if len(parts) < 2 || len(parts) > 3 {
		return Func{}, fmt.Errorf("%q is not of the form import/path.Func or import/path.Type.Method", s)
	}
	path := s[:slash+1] + parts[0]
	for _, p := range parts {
		if !isIdent(p) && p != parts[0] {
			return Func{}, fmt.Errorf("%q: %q is not a Go identifier", s, p)
		}
	}
	if parts[0] == "" {
		return Func{}, fmt.Errorf("%q has no import path", s)
	}
	f := Func{Path: NormPath(path), Name: parts[len(parts)-1]}
	if len(parts) == 3 {
		f.Recv = strings.TrimPrefix(parts[1], "*")
	}
	return f, nil
}

func isIdent(s string) bool {
	s = strings.TrimPrefix(s, "*")
	if s == "" {
		return false
	}
	for i, r := range s {
		if r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r > 127 || i > 0 && r >= '0' && r <= '9' {
			continue
		}
		return false
	}
	return true
}

// pathAliases maps an import path (normalized) to the canonical one used in the tables.
var pathAliases = map[string]string{
	"github.com/Shopify/sarama":  "github.com/IBM/sarama",
	"gopkg.in/Shopify/sarama.v1": "github.com/IBM/sarama",
}

// NormPath removes major-version elements ("/v2", "/v5") from an import path
// and maps known aliases (github.com/Shopify/sarama) to their canonical path,
// so that one table entry covers every major version of a library.
func NormPath(path string) string {
	if !strings.Contains(path, "/v") {
		if a, ok := pathAliases[path]; ok {
			return a
		}
		return path
	}
	elems := strings.Split(path, "/")
	out := elems[:1]
	for _, e := range elems[1:] {
		if isMajorVersion(e) {
			continue
		}
		out = append(out, e)
	}
	p := strings.Join(out, "/")
	if a, ok := pathAliases[p]; ok {
		return a
	}
	return p
}

func isMajorVersion(e string) bool {
	if len(e) < 2 || e[0] != 'v' {
		return false
	}
	for _, r := range e[1:] {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// Describe returns the Func that names fn (generic instances are mapped to
// their origin). It returns the zero Func for a nil fn or a function without a package.
func Describe(fn *types.Func) Func {
	if fn == nil || fn.Pkg() == nil {
		return Func{}
	}
	fn = fn.Origin()
	f := Func{Path: NormPath(fn.Pkg().Path()), Name: fn.Name()}
	if recv := fn.Signature().Recv(); recv != nil {
		f.Recv = TypeName(recv.Type())
	}
	return f
}

// TypeName returns the name of the named type t or *t ("" otherwise).
func TypeName(t types.Type) string {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	switch t := types.Unalias(t).(type) {
	case *types.Named:
		return t.Obj().Name()
	}
	return ""
}

// Callee returns the function or method called by call, including interface
// methods and methods promoted through embedding (which are the embedded
// type's own methods), or nil for calls of function values, builtins and
// conversions.
func Callee(info *types.Info, call *ast.CallExpr) *types.Func {
	fn, _ := typeutil.Callee(info, call).(*types.Func)
	return fn
}

// Set is a set of Funcs. The zero value is empty and ready to use.
type Set struct {
	m      map[Func]bool
	preds  []func(*types.Func) bool // members no table can list (ent's generated Tx.Commit)
	shapes []Shape                  // interface methods that stand for a member by their signature (shape.go)
	sorted atomic.Pointer[[]Func]   // Funcs' answer, until the next Add (shared default tables are asked for it on every package)
}

// NewSet returns a set holding fs.
func NewSet(fs ...Func) *Set {
	s := &Set{}
	s.Add(fs...)
	return s
}

// Add adds fs to the set.
func (s *Set) Add(fs ...Func) {
	if s.m == nil {
		s.m = make(map[Func]bool, len(fs))
	}
	for _, f := range fs {
		s.m[f] = true
	}
	s.sorted.Store(nil)
}

// Has reports whether f is in the set.
func (s *Set) Has(f Func) bool { return s != nil && s.m[f] }

// Match reports whether fn is one of the set's functions.
func (s *Set) Match(fn *types.Func) bool {
	if s == nil || fn == nil {
		return false
	}
	if s.m[Describe(fn)] {
		return true
	}
	for _, p := range s.preds {
		if p(fn.Origin()) {
			return true
		}
	}
	return false
}

// AddMatcher adds the functions pred accepts: members of generated code
// whose import path belongs to the user (ent's Tx.Commit), recognized by
// the library packages their package imports.
func (s *Set) AddMatcher(pred func(*types.Func) bool) { s.preds = append(s.preds, pred) }

// MatchCall reports whether call calls one of the set's functions, and returns it.
func (s *Set) MatchCall(info *types.Info, call *ast.CallExpr) (*types.Func, bool) {
	fn := Callee(info, call)
	if fn != nil && s.Match(fn) {
		return fn, true
	}
	return nil, false
}

// AddSet adds every member of o to the set: its listed functions and its
// matchers (Funcs lists only the former; a union built from it would drop
// ent's generated Tx.Commit).
func (s *Set) AddSet(o *Set) {
	if o == nil {
		return
	}
	for f := range o.m {
		s.Add(f)
	}
	s.preds = append(s.preds, o.preds...)
}

// Funcs returns the set's listed members, sorted (not the functions its
// matchers accept: use AddSet to join sets).
// The slice is shared: callers must not modify it.
func (s *Set) Funcs() []Func {
	if p := s.sorted.Load(); p != nil {
		return *p
	}
	out := make([]Func, 0, len(s.m))
	for f := range s.m {
		out = append(out, f)
	}
	slices.SortFunc(out, func(a, b Func) int { return strings.Compare(a.String(), b.String()) })
	s.sorted.Store(&out)
	return out
}

// Clone returns a copy of the set, so that configuration can extend a
// default table without changing it.
func (s *Set) Clone() *Set {
	c := &Set{}
	if s != nil {
		for f := range s.m {
			c.Add(f)
		}
		c.preds = slices.Clone(s.preds)
		c.shapes = slices.Clone(s.shapes)
	}
	return c
}

// ImportsAny reports whether pkg imports (directly) a package whose
// normalized path is one of paths or lies under one of them.
func ImportsAny(pkg *types.Package, paths ...string) bool {
	for _, imp := range pkg.Imports() {
		p := NormPath(imp.Path())
		for _, want := range paths {
			if p == want || strings.HasPrefix(p, want+"/") {
				return true
			}
		}
	}
	return false
}

// IsOwnAPI reports whether fn is declared in pkg or in the package that pkg
// tests (pkg_test): a library's own implementation and tests use its API in
// ways its users must not be told about.
func IsOwnAPI(pkg *types.Package, fn *types.Func) bool {
	if pkg == nil || fn == nil || fn.Pkg() == nil {
		return false
	}
	p := strings.TrimSuffix(pkg.Path(), "_test")
	return fn.Pkg().Path() == p
}
