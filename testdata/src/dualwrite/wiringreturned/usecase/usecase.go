// Package usecase: the repository port returns the row it wrote and the
// use case publishes that row; both ports are implemented out of sight.
package usecase

import "context"

type User struct{ ID, Name string }

type Publisher interface {
	PublishUserUpdated(ctx context.Context, u *User) error // want PublishUserUpdated:`pending\(usecase\.\(\*Service\)\.Rename at usecase\.go:31\)`
}

type Repo interface {
	UpdateUser(ctx context.Context, id, name string) (*User, error)
	FetchUnsent(ctx context.Context) (*User, error)
}

type Service struct {
	repo Repo
	pub  Publisher
}

func New(repo Repo, pub Publisher) *Service { return &Service{repo: repo, pub: pub} }

// Rename publishes the row UpdateUser wrote: a write, then a publish.
func (s *Service) Rename(ctx context.Context, id, name string) error {
	u, err := s.repo.UpdateUser(ctx, id, name)
	if err != nil {
		return err
	}
	return s.pub.PublishUserUpdated(ctx, u)
}

// Relay publishes what a read returned: a relay, no dual write.
func (s *Service) Relay(ctx context.Context) error {
	u, err := s.repo.FetchUnsent(ctx)
	if err != nil {
		return err
	}
	return s.pub.PublishUserUpdated(ctx, u)
}
