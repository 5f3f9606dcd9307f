module github.com/idemlint/idemlint

go 1.26.0

require (
	github.com/aymanbagabas/go-udiff v0.4.1 // indirect
	go.yaml.in/yaml/v3 v3.0.6
	golang.org/x/tools v0.52.0 // indirect
)
