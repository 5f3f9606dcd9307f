// Package shortuuid is a stub of github.com/lithammer/shortuuid/v4 v4.3.0 (signatures only).
package shortuuid

func New() string { return "" }
