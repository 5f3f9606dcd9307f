package offsetorder

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/idemlint/idemlint/internal/apis"
	"github.com/idemlint/idemlint/internal/consume"
)

// settled says what a commit does, in the words of its broker: Kafka
// commits an offset (every earlier message of the partition with it);
// RabbitMQ, NATS JetStream, Pub/Sub, watermill, SQS and Redis streams
// acknowledge one message.
type settled struct {
	done   string // "offset committed", "message acknowledged"
	what   string // "the event", "the message"
	gone   string // why nothing comes back
	settle string // the remedy's last step: "commit the offset", "ack it"
}

var (
	offsetCommitted = settled{done: "offset committed", what: "the event", gone: "no redelivery comes", settle: "commit the offset"}
	messageAcked    = settled{done: "message acknowledged", what: "the message", gone: "the broker does not deliver an acked message again", settle: "ack it"}
)

// settledBy tells how commit c settles the message: a per-message ack of
// a broker, called directly or through a helper given the delivery, or a
// Kafka offset commit.
func (a *checker) settledBy(c ssa.Instruction) settled {
	ci, ok := c.(ssa.CallInstruction)
	if !ok {
		return offsetCommitted
	}
	obj, _ := consume.CalleeOf(ci.Common())
	if apis.IsPerMessageAck(a.LibOf(obj)) {
		return messageAcked
	}
	for _, arg := range ci.Common().Args {
		if a.redelivered(arg.Type()) {
			return messageAcked
		}
	}
	if ci.Common().IsInvoke() && a.redelivered(ci.Common().Value.Type()) {
		return messageAcked
	}
	return offsetCommitted
}

// redelivered reports whether t is a message a broker delivers again
// until it is acked, or the project's interface over one (an adapter's
// Delivery over amqp.Delivery: consume.Checker.WrappedMessage).
func (a *checker) redelivered(t types.Type) bool {
	if w := a.WrappedMessage(t); w != nil {
		t = w
	}
	return apis.RedeliveredValue(t) != ""
}
