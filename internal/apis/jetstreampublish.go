package apis

// The jetstream package's synchronous publishes, which wait for the
// stream's ack under their context (the first argument). Since nats.go
// v1.3x they are declared on the Publisher interface that JetStream embeds,
// so a call through a jetstream.JetStream resolves to Publisher's method;
// the JetStream entries cover the releases that declared them there.
// Shared by the publish table (brokerpublish.go) and the context sinks
// (ctxsinkstacks.go).
var jetStreamPublishes = []Func{
	{Path: jetstream, Recv: "Publisher", Name: "Publish"},
	{Path: jetstream, Recv: "Publisher", Name: "PublishMsg"},
	{Path: jetstream, Recv: "JetStream", Name: "Publish"},
	{Path: jetstream, Recv: "JetStream", Name: "PublishMsg"},
}
