package franz

import "context"

// RunCommitPrevious commits what the previous iteration processed before it
// polls again.
func (w *Worker) RunCommitPrevious(ctx context.Context) error {
	for {
		if err := w.cl.CommitUncommittedOffsets(ctx); err != nil {
			return err
		}
		fetches := w.cl.PollFetches(ctx)
		if fetches.IsClientClosed() {
			return nil
		}
		for _, r := range fetches.Records() {
			if err := w.store(ctx, r); err != nil {
				return err
			}
		}
	}
}
