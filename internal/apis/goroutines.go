package apis

// Goroutine groups: calls that start a function concurrently and calls that
// wait for the started functions to finish.

// goroutineStarts run their function argument in a new goroutine; the value
// is the argument index of the function.
var goroutineStarts = map[Func]int{
	{Path: "golang.org/x/sync/errgroup", Recv: "Group", Name: "Go"}:             0,
	{Path: "golang.org/x/sync/errgroup", Recv: "Group", Name: "TryGo"}:          0,
	{Path: "sync", Recv: "WaitGroup", Name: "Go"}:                               0,
	{Path: "github.com/sourcegraph/conc", Recv: "WaitGroup", Name: "Go"}:        0,
	{Path: "github.com/sourcegraph/conc/pool", Recv: "Pool", Name: "Go"}:        0,
	{Path: "github.com/sourcegraph/conc/pool", Recv: "ErrorPool", Name: "Go"}:   0,
	{Path: "github.com/sourcegraph/conc/pool", Recv: "ContextPool", Name: "Go"}: 0,
}

// goroutineWaits block until the goroutines of a group have finished.
var goroutineWaits = NewSet(
	Func{Path: "golang.org/x/sync/errgroup", Recv: "Group", Name: "Wait"},
	Func{Path: "sync", Recv: "WaitGroup", Name: "Wait"},
	Func{Path: "github.com/sourcegraph/conc", Recv: "WaitGroup", Name: "Wait"},
	Func{Path: "github.com/sourcegraph/conc/pool", Recv: "Pool", Name: "Wait"},
	Func{Path: "github.com/sourcegraph/conc/pool", Recv: "ErrorPool", Name: "Wait"},
	Func{Path: "github.com/sourcegraph/conc/pool", Recv: "ContextPool", Name: "Wait"},
)

// GoroutineStartArg returns the index of the function argument of a call
// that runs it in a new goroutine (errgroup.Group.Go, ...), or -1.
func GoroutineStartArg(f Func) int {
	if i, ok := goroutineStarts[f]; ok {
		return i
	}
	return -1
}

// GoroutineWaits returns the calls that wait for a goroutine group.
func GoroutineWaits() *Set { return goroutineWaits.Clone() }
