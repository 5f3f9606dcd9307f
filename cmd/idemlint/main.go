// Command idemlint finds the idempotency bugs that make a service charge
// twice or lose an event when a pod is stopped mid-operation.
//
// Usage:
//
//	idemlint [flags] [packages]          analyse packages (default text output)
//	go vet -vettool=$(which idemlint) ./...
//
// Exit status: 0 when nothing was found, 1 on a tool error (bad pattern,
// a package that does not load or type-check, a failing analyzer), 3 when
// findings were reported — in every output format.
package main

import (
	"fmt"
	"os"
	"strings"

	"github.com/idemlint/idemlint/analyzers"
)

func main() {
	if isVetVersion(os.Args[1:]) {
		if err := printVetVersion(); err != nil {
			fmt.Fprintf(os.Stderr, "idemlint: %v\n", err)
			os.Exit(1)
		}
		return
	}
	if isVetInvocation(os.Args[1:]) {
		runVet(os.Args[1:], analyzers.All()) // see vet.go
		return
	}
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// isVetVersion reports whether go vet asks for the tool's identity.
func isVetVersion(args []string) bool {
	return len(args) == 1 && (args[0] == "-V=full" || args[0] == "--V=full")
}

// isVetInvocation reports whether the arguments follow the go vet protocol.
func isVetInvocation(args []string) bool {
	for _, a := range args {
		switch a {
		case "-V=full", "--V=full", "-V", "-flags", "--flags":
			return true
		}
	}
	return len(args) > 0 && strings.HasSuffix(args[len(args)-1], ".cfg")
}
