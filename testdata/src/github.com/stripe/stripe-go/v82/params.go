// Stub of github.com/stripe/stripe-go/v82, v82.5.1: only the declarations idemlint's tests use.
package stripe

type Params struct {
	IdempotencyKey *string
	Metadata       map[string]string
}

func (p *Params) SetIdempotencyKey(val string) { p.IdempotencyKey = &val }

func (p *Params) AddMetadata(key, value string) {}

type TransferParams struct {
	Params      `form:"*"`
	Amount      *int64
	Currency    *string
	Destination *string
}

type Transfer struct {
	ID string
}

func Int64(v int64) *int64 { return &v }
