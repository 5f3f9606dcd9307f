package main

import (
	"crypto/sha256"
	"fmt"
	"io"
	"os"

	"github.com/idemlint/idemlint/internal/config"
)

// printVetVersion answers go vet's -V=full, which go vet uses to key its
// cache of vet results. Like x/tools' unitchecker it hashes the executable;
// unlike it, it also hashes the configuration file in force, so a changed
// .idemlint.yml (or IDEMLINT_CONFIG) is not answered with cached results.
// The line names the module version, as -version does.
func printVetVersion() error {
	exe, err := os.Executable()
	if err != nil {
		return err
	}
	h := sha256.New()
	if err := hashFile(h, exe); err != nil {
		return err
	}
	cfg := os.Getenv(configEnv)
	if cfg == "" {
		if wd, err := os.Getwd(); err == nil {
			cfg, _ = config.Find(wd)
		}
	}
	if cfg != "" {
		fmt.Fprintf(h, "\x00config %s\x00", cfg)
		if err := hashFile(h, cfg); err != nil {
			return err
		}
	}
	// go vet takes the build ID when the version contains "devel", and the
	// whole line otherwise: either way the hash is part of the key.
	fmt.Printf("idemlint version %s buildID=%02x\n", version(), h.Sum(nil))
	return nil
}

func hashFile(w io.Writer, name string) error {
	f, err := os.Open(name)
	if err != nil {
		return err
	}
	defer f.Close()
	_, err = io.Copy(w, f)
	return err
}
