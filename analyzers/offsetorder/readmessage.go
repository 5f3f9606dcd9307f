package offsetorder

import (
	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/consume"
)

// checkReadMessage reports kafka-go's ReadMessage on a reader that commits
// (a GroupID, or a config the package does not show) before handler h.
func (a *checker) checkReadMessage(r *ssa.Call, h ssa.Instruction, handler string) {
	if len(r.Call.Args) == 0 {
		return
	}
	why := ""
	switch a.LocalGroupID(r.Call.Args[0]) {
	case consume.Yes:
		why = "the reader has a GroupID"
	case consume.No:
		return
	default:
		st := a.PkgGroupID()
		switch {
		case st.WithGroup:
			why = "the package's ReaderConfig has a GroupID"
		case st.Literals > 0:
			return // every config the package writes has no GroupID: nothing is committed
		default:
			why = "the reader's config is not visible here; with a GroupID it commits"
		}
	}
	a.reportReadMessage(r, why, h, handler)
}
