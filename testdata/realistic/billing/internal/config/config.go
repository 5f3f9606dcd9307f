// Package config loads the service configuration from the environment.
package config

import (
	"os"
	"strings"
	"time"
)

// Config is the billing service configuration.
type Config struct {
	HTTPAddr        string
	DatabaseURL     string
	Brokers         []string
	ProviderURL     string
	ShutdownTimeout time.Duration
}

// Load reads the environment.
func Load() Config {
	return Config{
		HTTPAddr:        getenv("HTTP_ADDR", ":8080"),
		DatabaseURL:     getenv("DATABASE_URL", "postgres://localhost/billing"),
		Brokers:         strings.Split(getenv("KAFKA_BROKERS", "localhost:9092"), ","),
		ProviderURL:     getenv("PROVIDER_URL", "https://provider.example"),
		ShutdownTimeout: 25 * time.Second,
	}
}

func getenv(k, def string) string {
	if v, ok := os.LookupEnv(k); ok {
		return v
	}
	return def
}
