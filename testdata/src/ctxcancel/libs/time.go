package libs

import "time"

func time0() time.Time { return time.Time{} }
