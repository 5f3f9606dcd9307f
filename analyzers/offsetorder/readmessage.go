package offsetorder

import (
	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/apis"
	"github.com/idemlint/idemlint/internal/consume"
)

// checkReadMessage reports kafka-go's ReadMessage on a reader that commits
// (a GroupID, or a config the package does not show) before handler h.
func (a *checker) checkReadMessage(r *ssa.Call, h ssa.Instruction, handler string) {
	if why := a.WrapperRead(&r.Call); why != "" {
		obj, _ := consume.CalleeOf(&r.Call)
		a.reportReadMessage(r, a.Name(obj)+" → (*kafka.Reader).ReadMessage", why, h, handler) // the project's reader wrapper
		return
	}
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
	read := "(*kafka.Reader).ReadMessage"
	if obj, _ := consume.CalleeOf(&r.Call); apis.IsKafkaReaderWrapperMethod(a.LibOf(obj)) {
		read = a.Name(a.LibOf(obj)) + " → " + read // a tracing wrapper over the reader (otelkafkakonsumer)
	}
	a.reportReadMessage(r, read, why, h, handler)
}
