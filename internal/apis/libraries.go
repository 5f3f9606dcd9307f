package apis

import "strings"

// IsTableLibrary reports whether the package of import path p belongs to
// a library whose API the tables describe (a database library or ORM, a
// Kafka or broker client, Redis, a job or workflow framework), other than
// its example programs. Such a package is not analysed: the tables say
// what its API does, its internals are not its users' code (its own
// WriteMessages is no publish bug), and every driver then agrees on it —
// the call layer, the first to skip them, gives no summaries there.
func IsTableLibrary(p string) bool {
	n := NormPath(p)
	for _, e := range strings.Split(n, "/") {
		switch e {
		case "examples", "_examples", "example":
			return false // programs that use the library, as a user would
		}
	}
	for _, libs := range [][]string{KafkaPaths, DBPaths, BrokerPaths, LossyPublishPaths, RedeliveredPaths, RedisPaths} {
		for _, l := range libs {
			if n == l || strings.HasPrefix(n, l+"/") {
				return true
			}
		}
	}
	return false
}

// IsDBPath reports whether import path p belongs to a tabled database
// library or ORM (DBPaths).
func IsDBPath(p string) bool {
	n := NormPath(p)
	for _, l := range DBPaths {
		if n == l || strings.HasPrefix(n, l+"/") {
			return true
		}
	}
	return false
}
