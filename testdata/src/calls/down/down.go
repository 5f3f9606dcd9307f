package down

import (
	"context"

	"calls/up"
)

type UseCase struct {
	payments *up.Client
	orders   up.OrderServiceClient
}

func (u *UseCase) Execute(ctx context.Context) error { // want Execute:`net\(up\.\(\*Client\)\.Charge → \(\*http\.Client\)\.Do\)`
	return u.payments.Charge(ctx, "order-1:charge")
}

func (u *UseCase) Create(ctx context.Context) error { // want Create:`net\(up\.OrderServiceClient\.Create → up\.\(\*orderServiceClient\)\.Create → grpc\.ClientConnInterface\.Invoke\)`
	return u.orders.Create(ctx, "o")
}

func Retry(ctx context.Context, u *UseCase) error { // want Retry:`net\(down\.\(\*UseCase\)\.Execute → up\.\(\*Client\)\.Charge → \(\*http\.Client\)\.Do\)`
	return do(func() error { return u.Execute(ctx) })
}

func do(f func() error) error { return f() } // want do:`calls\(p0\)`

func Quiet(ctx context.Context) error { return nil }
