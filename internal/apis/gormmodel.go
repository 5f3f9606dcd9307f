package apis

import (
	"go/types"
	"reflect"
	"strings"
	"unicode"
)

// GORM models: how GORM maps a struct to a table and its columns, and
// which columns its tags make unique (checkthenact's claims, uuidinretry's
// stable keys).

// GORMDefaultTable returns the table GORM gives a model without a
// TableName method: the snake-cased, pluralised type name.
func GORMDefaultTable(named *types.Named) string {
	return plural(toDBName(named.Obj().Name()))
}

// GORMModel returns the struct type of a GORM model (through pointers and
// slices) and its named type.
func GORMModel(t types.Type) (*types.Struct, *types.Named) {
	for i := 0; t != nil && i < 4; i++ {
		switch u := types.Unalias(t).(type) {
		case *types.Pointer:
			t = u.Elem()
			continue
		case *types.Slice:
			t = u.Elem()
			continue
		case *types.Named:
			st, _ := u.Underlying().(*types.Struct)
			return st, u
		}
		break
	}
	return nil, nil
}

// gormTag returns the gorm struct tag settings of field i, lower-cased keys.
func gormTag(st *types.Struct, i int) map[string]string {
	m := make(map[string]string)
	for _, part := range strings.Split(reflect.StructTag(st.Tag(i)).Get("gorm"), ";") {
		k, v, _ := strings.Cut(part, ":")
		if k = strings.ToLower(strings.TrimSpace(k)); k != "" {
			m[k] = strings.TrimSpace(v)
		}
	}
	return m
}

// GORMColumn returns the column GORM maps field f of st to.
func GORMColumn(f *types.Var, st *types.Struct) string {
	for i := range st.NumFields() {
		if st.Field(i) == f {
			if col := gormTag(st, i)["column"]; col != "" {
				return strings.ToLower(col)
			}
		}
	}
	return toDBName(f.Name())
}

// GORMUniques returns the unique keys of a GORM model from its tags:
// primaryKey, unique, uniqueIndex (named indexes group their fields), and
// the ID field that GORM takes as primary key by convention.
func GORMUniques(st *types.Struct) [][]string {
	var out [][]string
	named := make(map[string][]string)
	var order []string
	var walk func(st *types.Struct, depth int)
	walk = func(st *types.Struct, depth int) {
		for i := range st.NumFields() {
			f := st.Field(i)
			if f.Embedded() {
				if inner, _ := GORMModel(f.Type()); inner != nil && depth < 3 {
					walk(inner, depth+1)
				}
				continue
			}
			tag := gormTag(st, i)
			col := GORMColumn(f, st)
			_, pk := tag["primarykey"]
			_, pk2 := tag["primary_key"]
			_, uq := tag["unique"]
			if pk || pk2 || uq || f.Name() == "ID" {
				out = append(out, []string{col})
			}
			for _, key := range []string{"uniqueindex", "unique_index"} {
				name, ok := tag[key]
				if !ok {
					continue
				}
				name, _, _ = strings.Cut(name, ",")
				if name == "" {
					out = append(out, []string{col})
					continue
				}
				if _, seen := named[name]; !seen {
					order = append(order, name)
				}
				named[name] = append(named[name], col)
			}
		}
	}
	walk(st, 0)
	for _, n := range order {
		out = append(out, named[n])
	}
	return out
}

// toDBName is GORM's default naming: OrderID → order_id, IdempotencyKey →
// idempotency_key, UserUUID → user_uuid.
func toDBName(name string) string {
	rs := []rune(name)
	var b strings.Builder
	for i, r := range rs {
		if unicode.IsUpper(r) && i > 0 {
			prev := rs[i-1]
			nextLower := i+1 < len(rs) && unicode.IsLower(rs[i+1])
			if unicode.IsLower(prev) || unicode.IsDigit(prev) || unicode.IsUpper(prev) && nextLower {
				b.WriteByte('_')
			}
		}
		b.WriteRune(unicode.ToLower(r))
	}
	return b.String()
}

// plural is the English plural GORM's inflection gives common table names.
func plural(s string) string {
	switch {
	case strings.HasSuffix(s, "s"), strings.HasSuffix(s, "x"), strings.HasSuffix(s, "ch"), strings.HasSuffix(s, "sh"):
		return s + "es"
	case strings.HasSuffix(s, "y") && len(s) > 1 && !strings.ContainsRune("aeiou", rune(s[len(s)-2])):
		return s[:len(s)-1] + "ies"
	}
	return s + "s"
}
