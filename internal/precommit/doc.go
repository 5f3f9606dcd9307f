// Package precommit holds the test of the pre-commit hooks that
// .pre-commit-hooks.yaml declares: it runs the real pre-commit on small
// repositories with a bad and a good service.
package precommit
