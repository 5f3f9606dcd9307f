// Package release holds the tests of what a user gets from a tagged release:
// every module of the repository tidy and building on its own (without the
// go.work that joins them here), and the modules packed as a tag would pack
// them, served from a file-based module proxy, installed and required from an
// empty directory.
package release
