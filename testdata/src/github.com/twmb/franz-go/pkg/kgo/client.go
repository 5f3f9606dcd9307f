// Stub of github.com/twmb/franz-go/pkg/kgo v1.22.3: only the declarations idemlint's tests use.
package kgo

import "context"

type Opt interface {
	apply(*cfg)
}

type cfg struct{}

type Client struct{}

func NewClient(opts ...Opt) (*Client, error) { return &Client{}, nil }

func (cl *Client) Close() {}

func (cl *Client) PollFetches(ctx context.Context) Fetches { return nil }

func (cl *Client) PollRecords(ctx context.Context, maxPollRecords int) Fetches { return nil }

func (cl *Client) CommitRecords(ctx context.Context, rs ...*Record) error { return nil }

func (cl *Client) MarkCommitRecords(rs ...*Record) {}

func (cl *Client) CommitUncommittedOffsets(ctx context.Context) error { return nil }

func (cl *Client) CommitMarkedOffsets(ctx context.Context) error { return nil }

type ProduceResult struct {
	Record *Record

	Err error
}

type ProduceResults []ProduceResult

func (rs ProduceResults) FirstErr() error { return nil }

func (cl *Client) ProduceSync(ctx context.Context, rs ...*Record) ProduceResults { return nil }

func (cl *Client) Produce(
	ctx context.Context,
	r *Record,
	promise func(*Record, error),
) {
}
