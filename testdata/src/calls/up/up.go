package up

import (
	"bytes"
	"context"
	"net/http"

	retryablehttp "github.com/hashicorp/go-retryablehttp"
	"google.golang.org/grpc"
)

type Client struct {
	http *http.Client
	base string
}

func (c *Client) Charge(ctx context.Context, key string) error { // want Charge:`net\(\(\*http\.Client\)\.Do\)`
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, c.base+"/charges", bytes.NewReader(nil))
	req.Header.Set("Idempotency-Key", key)
	resp, err := c.http.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func Ping(url string) error { // want Ping:`net\(http\.Get\)`
	_, err := http.Get(url)
	return err
}

func Retrying(c *retryablehttp.Client, r *retryablehttp.Request) { // want Retrying:`net\(\(\*retryablehttp\.Client\)\.Do\)`
	c.Do(r)
}

// orderServiceClient is what protoc-gen-go-grpc writes.
type orderServiceClient struct {
	cc grpc.ClientConnInterface
}

type OrderServiceClient interface {
	Create(ctx context.Context, in string) error // want Create:`net\(up\.\(\*orderServiceClient\)\.Create → grpc\.ClientConnInterface\.Invoke\)`
}

func NewOrderServiceClient(cc grpc.ClientConnInterface) OrderServiceClient { // want NewOrderServiceClient:"keeps orderServiceClient f0←p0"
	return &orderServiceClient{cc}
}

func (c *orderServiceClient) Create(ctx context.Context, in string) error { // want Create:`net\(grpc\.ClientConnInterface\.Invoke\)`
	var out string
	return c.cc.Invoke(ctx, "/orders.OrderService/Create", in, &out)
}

// Async starts the call in a goroutine: it does not wait for the network.
func Async(url string) {
	go http.Get(url)
	go func() { http.Get(url) }()
}

// Handler returns a function that calls; building it makes no call.
func Handler(url string) func() {
	return func() { http.Get(url) }
}

func local() error { return Ping("x") } // want local:`net\(up\.Ping → http\.Get\)`

// Recursive functions terminate.
func Even(n int) bool { return n == 0 || Odd(n-1) }
func Odd(n int) bool  { return n != 0 && Even(n-1) }
