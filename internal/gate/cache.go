package gate

import (
	"go/types"
	"runtime"
	"strings"
	"sync"
	"weak"

	"github.com/idemlint/idemlint/internal/apis"
)

// What every gate of every analyzer asks of a package — the functions it
// uses, the import paths within its reach — is computed once per package
// and shared: a package is asked by a dozen gates (each analyzer's Open,
// ctxcancel's relevant), and listing a package's uses and walking its
// imports each time was a sixth of the analysis time on sqlc.
//
// The caches hold their keys weakly: an entry goes when its package (or
// its type-checker records, which the standalone driver drops once a
// package is analysed) is collected, so a long run holds nothing for the
// packages it is done with. No library offers a weakly keyed map; this is
// the pattern of the weak package's documentation.
type weakCache[K, V any] struct {
	mu sync.Mutex
	m  map[weak.Pointer[K]]V
}

// get returns the value for key, computing it with compute on first use.
// compute runs without the lock: two goroutines may both compute an
// entry; the first stored wins (both are equal).
func (c *weakCache[K, V]) get(key *K, compute func() V) V {
	wp := weak.Make(key)
	c.mu.Lock()
	v, ok := c.m[wp]
	c.mu.Unlock()
	if ok {
		return v
	}
	v = compute()
	c.mu.Lock()
	defer c.mu.Unlock()
	if old, ok := c.m[wp]; ok {
		return old
	}
	if c.m == nil {
		c.m = make(map[weak.Pointer[K]]V)
	}
	c.m[wp] = v
	runtime.AddCleanup(key, func(wp weak.Pointer[K]) {
		c.mu.Lock()
		delete(c.m, wp)
		c.mu.Unlock()
	}, wp)
	return v
}

var (
	usedObjs    weakCache[types.Info, uses]
	reachedPkgs weakCache[types.Package, map[string]bool]
)

// uses is what a package's code refers to, from one walk of its uses.
type uses struct {
	funcs []*types.Func   // functions and methods, generic instances as their origin, each once
	named map[string]bool // normalized import paths of the packages of all objects, with parents (as reachOf)
}

func usesIn(info *types.Info) uses {
	return usedObjs.get(info, func() uses {
		seenFn := make(map[*types.Func]bool)
		seenPkg := make(map[*types.Package]bool)
		u := uses{named: make(map[string]bool)}
		for _, obj := range info.Uses {
			if p := obj.Pkg(); p != nil && !seenPkg[p] {
				seenPkg[p] = true
				addWithParents(u.named, apis.NormPath(p.Path()))
			}
			fn, ok := obj.(*types.Func)
			if !ok {
				continue
			}
			fn = fn.Origin()
			if !seenFn[fn] {
				seenFn[fn] = true
				u.funcs = append(u.funcs, fn)
			}
		}
		return u
	})
}

// usesOf returns the functions and methods info records uses of (generic
// instances as their origin), each once.
func usesOf(info *types.Info) []*types.Func { return usesIn(info).funcs }

// namedOf returns the normalized import paths of the packages whose
// objects info records uses of, each with every parent path (as reachOf).
func namedOf(info *types.Info) map[string]bool { return usesIn(info).named }

// addWithParents adds path and its parent paths to set.
func addWithParents(set map[string]bool, path string) {
	for q := path; q != "" && !set[q]; {
		set[q] = true
		i := strings.LastIndexByte(q, '/')
		if i < 0 {
			break
		}
		q = q[:i]
	}
}

// reachOf returns the normalized import paths within pkg's reach (pkg and
// every package it imports, directly or indirectly), each with every
// parent path ("a/b/c" also gives "a/b" and "a"), so that "is a library
// at or under path p within reach" is one lookup of p.
func reachOf(pkg *types.Package) map[string]bool {
	return reachedPkgs.get(pkg, func() map[string]bool {
		out := make(map[string]bool)
		seen := make(map[*types.Package]bool)
		var walk func(p *types.Package)
		walk = func(p *types.Package) {
			if seen[p] {
				return
			}
			seen[p] = true
			addWithParents(out, apis.NormPath(p.Path()))
			for _, imp := range p.Imports() {
				walk(imp)
			}
		}
		walk(pkg)
		return out
	})
}
