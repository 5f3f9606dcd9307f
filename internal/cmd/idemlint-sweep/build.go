package main

import (
	"fmt"
	"os/exec"
	"path/filepath"
)

// buildIdemlint builds cmd/idemlint of the checkout the working directory
// is in, into dir, and returns the binary's path.
func buildIdemlint(dir string) (string, error) {
	bin := filepath.Join(dir, "idemlint")
	out, err := exec.Command("go", "build", "-o", bin, "github.com/idemlint/idemlint/cmd/idemlint").CombinedOutput()
	if err != nil {
		return "", fmt.Errorf("building idemlint (run the sweep from an idemlint checkout): %v\n%s", err, out)
	}
	return bin, nil
}
