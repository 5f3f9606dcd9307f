package main

import (
	"fmt"
	"os"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/internal/config"
)

// configEnv names a configuration file for the go vet path, where the
// command line belongs to go vet.
const configEnv = "IDEMLINT_CONFIG"

// loadConfig finds and applies the configuration: the file named by -config
// (or $IDEMLINT_CONFIG), else .idemlint.yml in the working directory or a
// parent. It returns the analyzers the configuration enables (all of them
// when there is no file) and the file ("" when none).
func loadConfig(explicit string, all []*analysis.Analyzer) ([]*analysis.Analyzer, string, error) {
	path := explicit
	if path == "" {
		path = os.Getenv(configEnv)
	}
	if path == "" {
		wd, err := os.Getwd()
		if err != nil {
			return nil, "", err
		}
		if path, err = config.Find(wd); err != nil {
			return nil, "", err
		}
		if path == "" {
			return all, "", nil
		}
	}
	enabled, err := applyConfig(path, all)
	if err != nil {
		return nil, "", err
	}
	return enabled, path, nil
}

// applyConfig loads the configuration file and applies it to the
// analyzers, returning those it enables.
func applyConfig(path string, all []*analysis.Analyzer) ([]*analysis.Analyzer, error) {
	f, err := config.Load(path)
	if err != nil {
		return nil, fmt.Errorf("config: %v", err)
	}
	enabled, err := f.Apply(all)
	if err != nil {
		return nil, fmt.Errorf("config: %v", err)
	}
	return enabled, nil
}
