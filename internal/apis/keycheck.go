package apis

import (
	"go/types"
)

// Key checks and key writes beyond SQL text (checkthenact): go-redis v8
// and v9 commands that read, write or claim a key, GORM's query builder
// (the finishers that read or insert, the chain methods that add
// conditions), and the isolation levels that make a check and an insert
// atomic.

// A KeyCall is what a library call does to a key.
type KeyCall uint8

const (
	KeyRead  KeyCall = iota + 1 // GET, EXISTS, a GORM First/Count
	KeyWrite                    // SET, a GORM Create/Save: not a claim
	KeyClaim                    // SETNX, SET ... NX: atomic, the second one fails
)

// redisRecvs are the go-redis types whose methods run commands: the
// cmdable function type that every client embeds, and the interfaces
// (Cmdable, UniversalClient, Pipeliner) that code passes around.
var redisRecvs = []string{"cmdable", "Cmdable", "UniversalClient", "StatefulCmdable", "Pipeliner", "Client", "ClusterClient", "Ring", "Conn", "Tx"}

var redisKeyCalls = func() map[Func]KeyCall {
	m := make(map[Func]KeyCall)
	for _, path := range []string{goRedis, goRedisOld} {
		for _, r := range redisRecvs {
			for name, k := range map[string]KeyCall{
				"Get": KeyRead, "Exists": KeyRead, "HGet": KeyRead, "HExists": KeyRead, "SIsMember": KeyRead,
				"Set": KeyWrite, "SetEx": KeyWrite, "SetEX": KeyWrite, "HSet": KeyWrite, "SAdd": KeyWrite, "SetArgs": KeyWrite,
				"SetNX": KeyClaim, "HSetNX": KeyClaim, "MSetNX": KeyClaim,
			} {
				m[Func{Path: path, Recv: r, Name: name}] = k
			}
		}
	}
	return m
}()

// RedisKeyCall reports what a go-redis command method does to its key
// (its argument 1). SetArgs is a write here; whether its SetArgs value
// asks for NX is for the caller to see (IsRedisSetArgs).
func RedisKeyCall(fn *types.Func) (KeyCall, bool) {
	k, ok := redisKeyCalls[Describe(fn)]
	return k, ok
}

// IsRedisDo reports whether fn is go-redis's Do (a raw command: "SET", key,
// value, "NX").
func IsRedisDo(fn *types.Func) bool {
	d := Describe(fn)
	if d.Name != "Do" || (d.Path != goRedis && d.Path != goRedisOld) {
		return false
	}
	for _, r := range redisRecvs {
		if d.Recv == r {
			return true
		}
	}
	return false
}

// IsRedisSetArgs reports whether t is go-redis's SetArgs struct (its Mode
// field is "NX" for a claim).
func IsRedisSetArgs(t types.Type) bool {
	return isNamed(t, goRedis, "SetArgs") || isNamed(t, goRedisOld, "SetArgs")
}

// GORM's query builder.
const gormClause = "gorm.io/gorm/clause"

// gormFinishers run the query the chain built.
var gormFinishers = map[string]KeyCall{
	"First": KeyRead, "Take": KeyRead, "Last": KeyRead, "Find": KeyRead, "Count": KeyRead, "Scan": KeyRead, "Pluck": KeyRead,
	"Create": KeyWrite, "Save": KeyWrite, "CreateInBatches": KeyWrite,
}

// GormFinisher reports whether fn is a (*gorm.DB) method that runs the
// query: a read (First, Take, Last, Find, Count, Scan, Pluck) or an insert
// (Create, Save, CreateInBatches).
func GormFinisher(fn *types.Func) (KeyCall, bool) {
	d := Describe(fn)
	if d.Path != gorm || d.Recv != "DB" {
		return 0, false
	}
	k, ok := gormFinishers[d.Name]
	return k, ok
}

// IsGormDBMethod reports whether fn is a method of *gorm.DB (a chain
// method such as Where, Model, Table, Clauses, WithContext).
func IsGormDBMethod(fn *types.Func) bool {
	d := Describe(fn)
	return d.Path == gorm && d.Recv == "DB"
}

// IsGormOnConflict reports whether t is clause.OnConflict (an upsert or
// DO NOTHING: the insert is a claim).
func IsGormOnConflict(t types.Type) bool { return isNamed(t, gormClause, "OnConflict") }

// IsGormLocking reports whether t is clause.Locking (SELECT ... FOR UPDATE).
func IsGormLocking(t types.Type) bool { return isNamed(t, gormClause, "Locking") }

// IsSerializable reports whether obj is a constant naming the SERIALIZABLE
// isolation level: database/sql.LevelSerializable or pgx.Serializable (v4
// and v5).
func IsSerializable(obj types.Object) bool {
	c, ok := obj.(*types.Const)
	if !ok || c.Pkg() == nil {
		return false
	}
	p := NormPath(c.Pkg().Path())
	return p == sqlPkg && c.Name() == "LevelSerializable" || p == pgx && c.Name() == "Serializable"
}

// isNamed reports whether t (or *t) is the named type path.name.
func isNamed(t types.Type, path, name string) bool {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && NormPath(n.Obj().Pkg().Path()) == path && n.Obj().Name() == name
}

// RedisPaths are the import paths (normalized) of go-redis v8 and v9.
var RedisPaths = []string{goRedis, goRedisOld}
