package main

import "runtime/debug"

// version is the module version the binary was built from ("(devel)" in a checkout).
func version() string {
	if bi, ok := debug.ReadBuildInfo(); ok {
		return bi.Main.Version
	}
	return ""
}
