package gate

import (
	"path/filepath"
	"runtime"
	"testing"

	"golang.org/x/tools/go/analysis"
)

func TestOutsidePackage(t *testing.T) {
	t.Cleanup(func() { SetFactsFrom(nil) })
	goroot := runtime.GOROOT() //nolint:staticcheck // the test binary knows its toolchain
	if goroot == "" {
		t.Skip("no GOROOT known to the test binary")
	}
	t.Setenv("GOROOT", goroot)
	main := &analysis.Module{Path: "example.com/shop"}
	dep := &analysis.Module{Path: "github.com/acme/kit", Version: "v1.2.0"}
	tests := []struct {
		name      string
		path      string
		module    *analysis.Module
		dir       string
		factsFrom []string
		want      bool
	}{
		{"main module", "example.com/shop/pay", main, "/src/shop/pay", nil, false},
		{"module cache dependency", "github.com/acme/kit/bus", dep, "/mod/github.com/acme/kit@v1.2.0/bus", nil, true},
		{"module replaced by a directory (monorepo sibling)", "github.com/acme/kit/bus", dep, "/src/monorepo/kit/bus", nil, false},
		{"vendored dependency", "github.com/acme/kit/bus", dep, "/src/shop/vendor/github.com/acme/kit/bus", nil, true},
		{"dependency named by facts-from", "github.com/acme/kit/bus", dep, "", []string{"github.com/acme/kit/..."}, false},
		{"facts-from pattern root", "github.com/acme/kit", dep, "", []string{"github.com/acme/kit/..."}, false},
		{"facts-from names another module", "github.com/acme/kit/bus", dep, "", []string{"github.com/acme/kitchen/...", "github.com/acme/kit/bu"}, true},
		{"facts-from exact path", "github.com/acme/kit/bus", dep, "", []string{"github.com/acme/kit/bus"}, false},
		{"standard library", "net/http", nil, filepath.Join(goroot, "src", "net", "http"), nil, true},
		{"standard library under golangci-lint (empty module)", "net/http", &analysis.Module{}, filepath.Join(goroot, "src", "net", "http"), nil, true},
		{"GOPATH-mode package with an empty module", "uuidinretry/consumer", &analysis.Module{}, "/tmp/testdata/src/uuidinretry/consumer", nil, false},
		{"GOPATH-mode package (analysistest)", "uuidinretry/consumer", nil, "/tmp/testdata/src/uuidinretry/consumer", nil, false},
		{"no files known", "net/http", nil, "", nil, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			SetFactsFrom(tt.factsFrom)
			if got := OutsidePackage(tt.path, tt.module, tt.dir); got != tt.want {
				t.Errorf("OutsidePackage(%q, %+v, %q) with facts-from %q = %v, want %v", tt.path, tt.module, tt.dir, tt.factsFrom, got, tt.want)
			}
		})
	}
}
