// Package temporal holds idemlint's examples on the Temporal Go SDK, in a
// module of their own: the SDK and its gRPC and protobuf dependencies are
// large, and the main examples module stays quick to load.
package temporal
