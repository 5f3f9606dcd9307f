// Package idem is the root of idemlint's runtime helpers: small packages
// that implement the correct forms idemlint's diagnostics point to, so that
// work cut short by a shutdown (SIGTERM after the grace period, a crash, a
// rebalance) can be repeated without charging twice or losing an event.
//
//   - [github.com/idemlint/idemlint/idem/key]: an idempotency key derived
//     once from the operation, the same on every attempt and after a restart.
//   - [github.com/idemlint/idemlint/idem/ctxutil]: the batch context that
//     keeps the parent's values but not its cancellation, with its own timeout.
//   - [github.com/idemlint/idemlint/idem/dedup]: the processed_event claim, in
//     the same transaction as the side effect.
//   - [github.com/idemlint/idemlint/idem/outbox]: enqueue an event in the
//     caller's transaction; a relay that publishes batches at least once.
//   - [github.com/idemlint/idemlint/idem/consumer]: a kafka-go consumer loop
//     that commits the offset only after the transaction (claim, effect,
//     outbox row) committed.
//   - [github.com/idemlint/idemlint/idem/httpkey]: server-side
//     Idempotency-Key middleware.
//
// docs/idem.md (in the idemlint repository) says what each helper
// guarantees under failure, names the problem types of httpkey's error
// bodies, and compares the helpers point by point with Stripe's idempotent
// requests, the IETF Idempotency-Key draft, brandur's Postgres design,
// Watermill's poison queue and River's job states.
//
// The packages are linted with idemlint itself and tested against a real
// PostgreSQL server and an in-process Kafka protocol peer, including runs cut
// at every step.
package idem
