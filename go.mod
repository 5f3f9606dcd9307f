module github.com/idemlint/idemlint

go 1.26.0

require (
	github.com/aymanbagabas/go-udiff v0.4.1 // indirect
	github.com/golangci/plugin-module-register v0.1.2 // indirect
	github.com/owenrumney/go-sarif/v3 v3.3.1 // indirect
	github.com/santhosh-tekuri/jsonschema/v6 v6.0.3 // indirect
	go.yaml.in/yaml/v3 v3.0.6 // indirect
	golang.org/x/text v0.14.0 // indirect
	golang.org/x/tools v0.52.0 // indirect
)
