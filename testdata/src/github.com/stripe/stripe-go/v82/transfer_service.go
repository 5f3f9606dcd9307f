// Stub of github.com/stripe/stripe-go/v82 v82.5.1 (transfer.go, transfer_service.go): only the declarations used by tests.
package stripe

import "context"

type TransferCreateParams struct {
	Params      `form:"*"`
	Amount      *int64
	Currency    *string
	Destination *string
}

type TransferRetrieveParams struct {
	Params `form:"*"`
}

type v1TransferService struct{}

func (c v1TransferService) Create(ctx context.Context, params *TransferCreateParams) (*Transfer, error) {
	return &Transfer{}, nil
}

func (c v1TransferService) Retrieve(ctx context.Context, id string, params *TransferRetrieveParams) (*Transfer, error) {
	return &Transfer{}, nil
}
