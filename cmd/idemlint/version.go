package main

import "runtime/debug"

// version is the module version the binary was built from, as the build
// recorded it: the tag for `go install ...@v0.1.0`, a pseudo-version for a
// build in a git checkout (Go 1.24 and later), "(devel)" otherwise.
func version() string {
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" {
		return bi.Main.Version
	}
	return "(devel)"
}
