package apis

import (
	"go/types"
	"strings"
)

// Payment provider SDKs: the calls that send a request to the provider's
// API. A payment call is the network call httpintx is most about (a
// charge or a checkout session opened while a transaction holds rows),
// and the SDKs hide the HTTP client behind hundreds of generated resource
// functions that no table could list one by one.

// stripePath is stripe-go (every major version: NormPath drops /vNN).
const stripePath = "github.com/stripe/stripe-go"

// stripeBackend is the interface every stripe-go resource call goes
// through, and its implementation: a direct call is a request.
var stripeBackend = []Func{
	{Path: stripePath, Recv: "Backend", Name: "Call"},
	{Path: stripePath, Recv: "Backend", Name: "CallRaw"},
	{Path: stripePath, Recv: "Backend", Name: "CallStreaming"},
	{Path: stripePath, Recv: "Backend", Name: "CallMultipart"},
	{Path: stripePath, Recv: "BackendImplementation", Name: "Call"},
	{Path: stripePath, Recv: "BackendImplementation", Name: "CallRaw"},
	{Path: stripePath, Recv: "BackendImplementation", Name: "CallStreaming"},
	{Path: stripePath, Recv: "BackendImplementation", Name: "CallMultipart"},
}

func init() {
	networkCalls.Add(stripeBackend...)
	networkCalls.AddMatcher(isStripeRequest)
}

// isStripeRequest reports whether fn sends one request to the Stripe API
// and returns the resource it creates, reads, changes or deletes: an
// exported function of a resource package of stripe-go, or a method of
// its Client (session.New, (session.Client).Get: the API before v82), or
// a method of a service of the root package's Client
// (sc.V1CheckoutSessions.Create, since v82) — each with a pointer to a
// type of the root package first and an error last. List calls return an
// iterator that sends its requests later, webhook.ConstructEvent a value,
// and the helpers of the root package (stripe.String) no pointer to a
// resource: none of them is taken.
func isStripeRequest(fn *types.Func) bool {
	if fn.Pkg() == nil || !fn.Exported() {
		return false
	}
	p := NormPath(fn.Pkg().Path())
	if p != stripePath && !strings.HasPrefix(p, stripePath+"/") {
		return false
	}
	sig := fn.Signature()
	if recv := sig.Recv(); recv != nil {
		name := TypeName(recv.Type())
		if p == stripePath && !strings.HasSuffix(name, "Service") || p != stripePath && name != "Client" {
			return false
		}
	} else if p == stripePath {
		return false
	}
	res := sig.Results()
	if res.Len() != 2 || !isError(res.At(1).Type()) {
		return false
	}
	ptr, ok := types.Unalias(res.At(0).Type()).(*types.Pointer)
	if !ok {
		return false
	}
	named, ok := types.Unalias(ptr.Elem()).(*types.Named)
	return ok && named.Obj().Pkg() != nil && NormPath(named.Obj().Pkg().Path()) == stripePath
}

// IsPaymentCreate reports whether fn asks the payment provider to create
// an object — a charge, a payment intent, a transfer, a payout, a refund,
// a checkout session: stripe-go's resource New, a resource Client's New,
// or a v82 service's Create. Each is a POST that the provider deduplicates
// only by an idempotency key; stripe-go's own key (made when it retries
// within one call) lasts one call, so a repeated operation creates a second
// object.
func IsPaymentCreate(fn *types.Func) bool {
	return (fn.Name() == "New" || fn.Name() == "Create") && isStripeRequest(fn)
}

// PaymentParamsIndex returns the index of the parameter of a payment call
// that carries its params (a pointer to stripe-go's ...Params struct, where
// the idempotency key is set), or -1.
func PaymentParamsIndex(fn *types.Func) int {
	params := fn.Signature().Params()
	for i := params.Len() - 1; i >= 0; i-- {
		ptr, ok := types.Unalias(params.At(i).Type()).(*types.Pointer)
		if !ok {
			continue
		}
		named, ok := types.Unalias(ptr.Elem()).(*types.Named)
		if ok && named.Obj().Pkg() != nil && NormPath(named.Obj().Pkg().Path()) == stripePath && strings.HasSuffix(named.Obj().Name(), "Params") {
			return i
		}
	}
	return -1
}

// IsPaymentPath reports whether path is a package of a payment provider's
// SDK (its helpers, such as stripe.String, cannot set a key on params).
func IsPaymentPath(path string) bool {
	p := NormPath(path)
	return p == stripePath || strings.HasPrefix(p, stripePath+"/")
}
