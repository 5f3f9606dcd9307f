// Package uuidinretry defines an Analyzer that reports identifiers and
// idempotency keys made fresh on every attempt of a retried operation.
//
// # Analyzer uuidinretry
//
// uuidinretry: report idempotency keys and record IDs made fresh on every retry attempt
//
// A retry is safe only when every attempt carries the same identity. An
// idempotency key or record ID generated inside the retried operation
// (uuid.New, ulid.Make, xid.New, ksuid.New, rand.Text, ...) is a new one
// on each attempt: the server sees a new operation and charges again, the
// database gets a second row. After a SIGTERM the same happens across pods.
//
// The analyzer reports a generator call evaluated once per attempt:
//   - in the operation passed to retry-go (Do, DoWithData, v5's Retrier.Do),
//     cenkalti/backoff (Retry, RetryNotify, RetryWithData, ... v4 and v5),
//     sethvargo/go-retry (Do, DoValue) and client-go's retry.OnError and
//     retry.RetryOnConflict, or to any function of the analysed code that
//     calls its function parameter in a retry loop (your retryutil.Do);
//   - in a hand-written retry loop: a counted or endless for loop that leaves
//     on success and goes round again after a failed attempt;
//   - through calls: a function that makes a fresh identifier without
//     receiving one counts as a generator, and the message names the chain;
//   - in the handling of one Kafka delivery (after FetchMessage or
//     ReadMessage, in a sarama claim loop, in a franz-go record loop; in a
//     function of the package such a loop calls with the message; in a
//     handler handed to the project's own consume loop, in any package of
//     the analysed code, that commits each message after the handler
//     returns, c.Run(ctx, w.Handle), unless the handler is an inbox-gated
//     unit), when
//     the identifier reaches a dedup sink: an Idempotency-Key header, an
//     idempotency- or dedup-named field or parameter, or the key of a
//     processed_event insert, or the idempotency field of a helper's result
//     (Header: NewEventHeader(), whose IdempotencyKey is fresh). A
//     redelivered message then never matches the first processing. Typed
//     handlers of watermill's CQRS component count as deliveries: those
//     registered in the package with cqrs.NewEventHandler,
//     NewCommandHandler or NewGroupEventHandler, the Handle method of an
//     EventHandler or CommandHandler implementation, and, where another
//     package registers them, any exported func(ctx, *Event) error of a
//     package using cqrs (not one whose argument is named like a request,
//     PlaceOrderRequest or CreateUserInput: the HTTP side holding the
//     command bus); the package's functions such a handler calls are
//     scanned with it.
//
// The message is stronger when the identifier reaches an Idempotency-Key
// header or a field or parameter named like an idempotency key.
//
// It also reports (category "nokey") an outgoing POST, PUT or PATCH
// (net/http, go-resty, fasthttp and fiber v2's Agent, whose method comes
// from req.Header.SetMethod or fiber.Post) built inside an attempt (a redelivered message's
// handling included), directly or in a helper, or
// sent through a retrying client such as hashicorp/go-retryablehttp, that
// sets no Idempotency-Key header: a retry after a timeout repeats a write
// that may already have happened. A helper that posts what it is given is
// left alone when the value carries the key in the body: a struct with a
// field named, or JSON-tagged, for an idempotency or dedup key or an event
// ID (ProviderEventID `json:"provider_event_id"`) that the receiver stores
// under a unique index.
//
// A payment provider's create call (stripe-go's transfer.New, charge.New,
// sc.V1Transfers.Create, ...) whose params carry no idempotency key is
// reported the same way, in a retry or in the handling of one delivery (a
// Kafka loop, a watermill or RabbitMQ handler): a redelivery after a later
// failure creates a second transfer or charge. Only params the function
// builds itself are judged (a literal, or a local no helper is given);
// stripe-go's own key, made when it retries within one call, does not last
// across attempts. The correct form sets params.SetIdempotencyKey to a key
// derived from the message or operation.
//
// A generator, a retry helper or an unkeyed write behind the project's own
// interface, a method value or a function kept in a field, local or map
// counts when every function the call may run (the implementations in the
// package and its imports, the functions stored in the value) is one: an
// IDGenerator over uuid, a newID func() string field set to
// uuid.NewString, a Retrier interface over a backoff loop (the shared call
// layer, internal/calls, resolves them; test doubles in _test files do not
// count).
//
// Not reported: a key made before the retry and captured by the operation,
// or made lazily once (if key == "" { key = uuid.NewString() } on a
// variable outside the operation); an identifier that only feeds logging or
// tracing (log, slog, zap, zerolog, logrus, OpenTelemetry attributes,
// request-ID headers and context helpers such as WithRequestID); a
// generator in a loop over a collection (one key per item is correct); a
// collision loop that goes round again only after a unique violation (a new
// short code until one is free: the failed attempt wrote nothing); a record
// ID made inside an inbox-gated unit (a transaction that claims the
// operation's or message's stable ID in a dedup table and skips on an
// existing claim): a failed attempt rolls back with its claim, and the one
// that commits writes its rows once; a fresh row ID stored only in a
// record whose other field holds a key that is the same in every attempt
// (IdempotencyKey: payoutID + ":refund", built from the operation's inputs
// by concatenation or fmt/strconv/strings) under a unique key declared by
// the model's GORM tags or the module's schema: a repeated attempt cannot
// insert a second row (a key that is not unique, or one made inside the
// attempt, is no guard). A fresh value that is itself the key
// (it reaches an idempotency or dedup sink) is still reported.
//
// Where it is safe, a suggested fix moves the statement that makes the key
// from the top of the operation to just before the retry call.
//
// Libraries:
//   - retries: retry-go, backoff v4/v5, go-retry, client-go's retry
//     (OnError, RetryOnConflict), go-retryablehttp, your own retry helpers
//     (a fact) and hand-written retry loops;
//   - redeliveries: kafka-go, sarama, franz-go and confluent-kafka-go
//     delivery loops; handlers of amqp091-go (and streadway/amqp), NATS and
//     JetStream, watermill (and its CQRS typed handlers), Google Pub/Sub,
//     SQS (aws-sdk-go-v2) and Redis streams messages; asynq tasks, river jobs, Temporal activities
//     (registered or executed);
//   - generators: google/uuid, gofrs/uuid, satori/go.uuid, oklog/ulid,
//     segmentio/ksuid, rs/xid, lithammer/shortuuid, crypto/rand and the
//     project's own helpers (a fact).
//
// Bad:
//
//	err := retry.Do(func() error {
//		key := uuid.NewString() // a new key on every attempt
//		return payments.Charge(ctx, ChargeRequest{IdempotencyKey: key, OrderID: orderID})
//	})
//
// Good:
//
//	key := order.ID + ":charge:" + cmd.RequestID // derived once from the operation
//	err := retry.Do(func() error {
//		return payments.Charge(ctx, ChargeRequest{IdempotencyKey: key, OrderID: orderID})
//	})
package uuidinretry
