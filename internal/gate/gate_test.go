package gate

import (
	"go/types"
	"testing"
)

func TestReaches(t *testing.T) {
	pgx := types.NewPackage("github.com/jackc/pgx/v5/pgxpool", "pgxpool")
	repo := types.NewPackage("example.com/app/repo", "repo")
	repo.SetImports([]*types.Package{types.NewPackage("context", "context"), pgx})
	svc := types.NewPackage("example.com/app/svc", "svc")
	svc.SetImports([]*types.Package{repo})
	other := types.NewPackage("example.com/app/other", "other")
	other.SetImports([]*types.Package{types.NewPackage("strings", "strings")})
	cases := []struct {
		pkg   *types.Package
		paths []string
		want  bool
	}{
		{svc, []string{"github.com/jackc/pgx"}, true},         // indirectly, under the path, major version removed
		{svc, []string{"github.com/jackc/pgx/pgxpool"}, true}, // exactly
		{svc, []string{"github.com/jackc/pg"}, false},         // a prefix that is not a path element
		{other, []string{"github.com/jackc/pgx", "net/http"}, false},
		{other, nil, false},
		{repo, []string{"example.com/app/repo"}, true}, // the package itself
	}
	for _, c := range cases {
		if got := Reaches(c.pkg, c.paths...); got != c.want {
			t.Errorf("Reaches(%s, %q) = %t, want %t", c.pkg.Path(), c.paths, got, c.want)
		}
	}
}
