package apis

import (
	"go/types"
	"strings"
)

// loggingPaths are logging and tracing packages: a value that only reaches
// their calls is diagnostic output, not part of an operation's identity.
var loggingPaths = []string{
	"log",
	"log/slog",
	"go.uber.org/zap",
	"github.com/rs/zerolog",
	"github.com/sirupsen/logrus",
	"github.com/go-logr/logr",
	"github.com/go-kit/log",
	"github.com/hashicorp/go-hclog",
	"k8s.io/klog",
	"go.opentelemetry.io/otel/attribute",
	"go.opentelemetry.io/otel/trace",
	"go.opentelemetry.io/otel/baggage",
	"go.opentelemetry.io/otel/log",
}

// IsLogging reports whether fn belongs to a logging or tracing package.
func IsLogging(fn *types.Func) bool {
	if fn == nil || fn.Pkg() == nil {
		return false
	}
	p := NormPath(fn.Pkg().Path())
	for _, q := range loggingPaths {
		if p == q || strings.HasPrefix(p, q+"/") {
			return true
		}
	}
	return false
}
