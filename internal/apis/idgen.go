package apis

// Identifier generators: calls that make a fresh random or time-based
// identifier each time they are evaluated.
var idGenerators = NewSet(
	Func{Path: "github.com/google/uuid", Name: "New"},
	Func{Path: "github.com/google/uuid", Name: "NewString"},
	Func{Path: "github.com/google/uuid", Name: "NewRandom"},
	Func{Path: "github.com/google/uuid", Name: "NewRandomFromReader"},
	Func{Path: "github.com/google/uuid", Name: "NewV7"},
	Func{Path: "github.com/google/uuid", Name: "NewV7FromReader"},
	Func{Path: "github.com/google/uuid", Name: "NewUUID"},
	Func{Path: "github.com/google/uuid", Name: "NewV6"},
	Func{Path: "github.com/gofrs/uuid", Name: "NewV1"},
	Func{Path: "github.com/gofrs/uuid", Name: "NewV4"},
	Func{Path: "github.com/gofrs/uuid", Name: "NewV6"},
	Func{Path: "github.com/gofrs/uuid", Name: "NewV7"},
	Func{Path: "github.com/gofrs/uuid", Recv: "Gen", Name: "NewV1"},
	Func{Path: "github.com/gofrs/uuid", Recv: "Gen", Name: "NewV4"},
	Func{Path: "github.com/gofrs/uuid", Recv: "Gen", Name: "NewV6"},
	Func{Path: "github.com/gofrs/uuid", Recv: "Gen", Name: "NewV7"},
	Func{Path: "github.com/satori/go.uuid", Name: "NewV1"},
	Func{Path: "github.com/satori/go.uuid", Name: "NewV4"},
	Func{Path: "github.com/oklog/ulid", Name: "Make"},
	Func{Path: "github.com/oklog/ulid", Name: "New"},
	Func{Path: "github.com/oklog/ulid", Name: "MustNew"},
	Func{Path: "github.com/rs/xid", Name: "New"},
	Func{Path: "github.com/rs/xid", Name: "NewWithTime"},
	Func{Path: "github.com/segmentio/ksuid", Name: "New"},
	Func{Path: "github.com/segmentio/ksuid", Name: "NewRandom"},
	Func{Path: "github.com/lithammer/shortuuid", Name: "New"},
	Func{Path: "github.com/lithammer/shortuuid", Name: "NewWithAlphabet"},
	Func{Path: "crypto/rand", Name: "Text"},
)

// idMustWrappers take a generator's (id, error) result and return the id:
// uuid.Must(uuid.NewRandom()) is a generator call too.
var idMustWrappers = NewSet(
	Func{Path: "github.com/google/uuid", Name: "Must"},
	Func{Path: "github.com/gofrs/uuid", Name: "Must"},
	Func{Path: "github.com/satori/go.uuid", Name: "Must"},
)

// idPackages are the packages whose named types are identifiers.
var idPackages = []string{
	"github.com/google/uuid",
	"github.com/gofrs/uuid",
	"github.com/satori/go.uuid",
	"github.com/oklog/ulid",
	"github.com/rs/xid",
	"github.com/segmentio/ksuid",
}

// IDGenerators returns the default set of identifier generators; callers
// clone it to add configured ones.
func IDGenerators() *Set { return idGenerators.Clone() }

// IsIDMustWrapper reports whether fn is uuid.Must or an equivalent.
func IsIDMustWrapper(fn Func) bool { return idMustWrappers.Has(fn) }

// IDPackages returns the import paths (normalized) of identifier libraries.
func IDPackages() []string { return idPackages }

// IsIDType reports whether the named type t (or *t) comes from an identifier library.
func IsIDType(path string) bool {
	p := NormPath(path)
	for _, q := range idPackages {
		if p == q {
			return true
		}
	}
	return false
}
