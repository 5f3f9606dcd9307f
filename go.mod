module github.com/idemlint/idemlint

go 1.26.0

require (
	github.com/aymanbagabas/go-udiff v0.4.1 // indirect
	golang.org/x/tools v0.52.0 // indirect
)
