package apis

import "testing"

// ParseFunc takes the configuration form and the forms messages and
// go/types print a method in.
func TestParseFunc(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"example.com/acme/ids.New", "example.com/acme/ids.New"},
		{"example.com/acme/ids.Gen.Next", "example.com/acme/ids.Gen.Next"},
		{"example.com/acme/ids.*Gen.Next", "example.com/acme/ids.Gen.Next"},
		{"example.com/acme/db.(*Queries).Insert", "example.com/acme/db.Queries.Insert"},
		{"example.com/acme/db.(Queries).Insert", "example.com/acme/db.Queries.Insert"},
		{"(*example.com/acme/db.Queries).Insert", "example.com/acme/db.Queries.Insert"},
		{"github.com/jackc/pgx/v5.(*Conn).Begin", "github.com/jackc/pgx.Conn.Begin"},
		{" example.com/x.(*T).M ", "example.com/x.T.M"},
	} {
		f, err := ParseFunc(tc.in)
		if err != nil || f.String() != tc.want {
			t.Errorf("ParseFunc(%q) = %v, %v; want %s", tc.in, f, err, tc.want)
		}
	}
	for _, bad := range []string{"New", "example.com/x.(*T.M", "example.com/x.(*T)", "example.com/x.T.M.N", "example.com/x.(T).M.N", "example.com/x.(*T).1"} {
		if f, err := ParseFunc(bad); err == nil {
			t.Errorf("ParseFunc(%q) = %v, want an error", bad, f)
		}
	}
}
