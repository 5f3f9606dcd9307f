package lossypublish

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"path/filepath"

	"github.com/idemlint/idemlint/internal/apis"
)

// A site is a call that publishes without being able to report a loss
// (lossy), or that writes one message per call on a batching writer (one).
type site struct {
	call      *ast.CallExpr
	what      string // "WriteMessages on a writer with Async: true (producer.go:12)"
	advice    string // why it loses the message and what to write instead
	lossy     bool
	awaitable bool   // lossy unless an await (Wait, Ok/Err, Successes/Errors) follows
	via       string // for a call of a function that publishes: its chain
}

// Why each publish cannot report a loss, and the fix.
const (
	adviceAsync      = "an async write returns before the broker has the message, so a failure loses it for good; use a synchronous writer with RequiredAcks: kafka.RequireAll"
	adviceAcksNone   = "with acks=0 the broker never answers, so a write it drops still returns nil; set RequiredAcks: kafka.RequireAll"
	adviceSaramaNone = "with NoResponse the broker never answers, so a lost message still returns nil; set RequiredAcks = sarama.WaitForAll"
	adviceSaramaIn   = "a send on Input() returns before the broker has the message; mark the row when Successes() returns it, or use a SyncProducer"
	adviceFranzNoAck = "with NoAck the broker never answers; keep the default acks (all) and idempotent writes"
	adviceFranzAsync = "Produce returns before the record is written and its promise drops the error; use ProduceSync(...).FirstErr(), or mark the row in the promise on success"
	adviceAMQP       = "without confirm mode a message the broker drops still returns nil; call Confirm(false) and Wait on PublishWithDeferredConfirmWithContext's confirmation before marking"
	adviceAMQPRead   = "confirmations nobody waits for do not hold back the mark; wait for the DeferredConfirmation (PublishWithDeferredConfirmWithContext, then Wait) before marking"
	adviceAMQPWait   = "a DeferredConfirmation nobody waits for does not hold back the mark; call Wait on it and check the result before marking"
	adviceGoRabbit   = "a message the broker drops still returns nil; create the publisher WithPublisherOptionsConfirm and wait for the confirmations PublishWithDeferredConfirmWithContext returns before marking"
	adviceNATS       = "core NATS stores and acknowledges nothing: with no subscriber or a dropped connection the message is gone; publish to a JetStream stream with js.Publish, which waits for the PubAck"
	adviceJetStream  = "the PubAckFuture is not awaited, so a failed publish is lost; wait on its Ok()/Err() (or PublishAsyncComplete) before marking, or use js.Publish"
	adviceOneMessage = "throughput: each call waits BatchTimeout for a fuller batch, about one row per BatchTimeout; write the rows in one WriteMessages(ctx, msgs...) or set BatchSize: 1"
)

// librarySite classifies a library publish call.
func (c *checker) librarySite(call *ast.CallExpr, fn *types.Func, kind apis.PublishKind) *site {
	recv := receiver(call)
	s := &site{call: call, lossy: true}
	switch kind {
	case apis.KafkaGoWrite:
		p := c.producerOf(recv)
		if p == nil || p.kind != kafkaWriter {
			return nil
		}
		if reason, pos := p.lossy(); reason != "" {
			s.what = fmt.Sprintf("WriteMessages on %s (%s)", reason, c.where(pos))
			s.advice = adviceAcksNone
			if p.async.IsValid() {
				s.advice = adviceAsync
			}
			return s
		}
		if len(call.Args) == 2 && !call.Ellipsis.IsValid() && !p.batchOK {
			s.lossy = false
			batch := p.batch
			if batch == "" {
				batch = "the default batching (BatchSize 100, BatchTimeout 1 s"
			} else {
				batch = "batching that waits (" + batch
			}
			s.what = fmt.Sprintf("WriteMessages of one message per call on a writer with %s; %s)", batch, c.where(p.pos))
			s.advice = adviceOneMessage
			return s
		}
		return nil
	case apis.SaramaSyncSend, apis.FranzProduceSync:
		p := c.producerOf(recv)
		if p == nil {
			return nil
		}
		if reason, pos := p.lossy(); reason != "" {
			s.what = fmt.Sprintf("%s on %s (%s)", fn.Name(), reason, c.where(pos))
			s.advice = adviceSaramaNone
			if kind == apis.FranzProduceSync {
				s.advice = adviceFranzNoAck
			}
			return s
		}
		return nil
	case apis.SaramaAsyncInput:
		s.what = "a send on an AsyncProducer's Input()"
		s.advice = adviceSaramaIn
		s.awaitable = true
		return s
	case apis.FranzProduce:
		if p := c.producerOf(recv); p != nil {
			if reason, pos := p.lossy(); reason != "" {
				s.what = fmt.Sprintf("Produce on %s (%s)", reason, c.where(pos))
				s.advice = adviceFranzNoAck
				return s
			}
		}
		if len(call.Args) == 3 && !c.promiseReadsErr(call.Args[2]) {
			s.what = "Produce whose promise ignores the error"
			s.advice = adviceFranzAsync
			return s
		}
		return nil
	case apis.AMQPPublish:
		p := c.producerOf(recv)
		if p == nil || p.kind != amqpChannel {
			return nil
		}
		reason, pos := p.lossy()
		if reason == "" {
			return nil
		}
		s.what = fmt.Sprintf("%s on %s (%s)", fn.Name(), reason, c.whereProducer(p, pos))
		s.advice = adviceAMQP
		if p.confirm {
			s.advice = adviceAMQPRead
		}
		return s
	case apis.AMQPDeferredPublish:
		s.what = fmt.Sprintf("%s whose confirmation is not awaited", fn.Name())
		s.advice = adviceAMQPWait
		s.awaitable = true
		return s
	case apis.GoRabbitPublish:
		s.what = fmt.Sprintf("go-rabbitmq %s, which waits for no publisher confirmation", fn.Name())
		s.advice = adviceGoRabbit
		return s
	case apis.NATSCorePublish:
		s.what = fmt.Sprintf("core NATS %s (no acknowledgement)", fn.Name())
		s.advice = adviceNATS
		return s
	case apis.JetStreamAsyncPublish:
		s.what = fmt.Sprintf("JetStream %s whose PubAckFuture is not awaited", fn.Name())
		s.advice = adviceJetStream
		s.awaitable = true
		return s
	}
	return nil
}

// promiseReadsErr reports whether a franz-go promise uses its error.
func (c *checker) promiseReadsErr(e ast.Expr) bool {
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		if x.Name == "nil" && c.pass.TypesInfo.Types[x].IsNil() {
			return false
		}
	case *ast.FuncLit:
		params := x.Type.Params.List
		if len(params) == 0 || len(params[len(params)-1].Names) == 0 {
			return false
		}
		names := params[len(params)-1].Names
		errName := names[len(names)-1]
		obj := c.pass.TypesInfo.Defs[errName]
		if obj == nil {
			return false
		}
		used := false
		ast.Inspect(x.Body, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && c.pass.TypesInfo.Uses[id] == obj {
				used = true
			}
			return !used
		})
		return used
	}
	return true // a named function or value: assume it handles the error
}

// receiver returns the receiver expression of a method call, or nil.
func receiver(call *ast.CallExpr) ast.Expr {
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		return sel.X
	}
	return nil
}

// where formats a position as "file.go:12".
func (c *checker) where(pos token.Pos) string {
	if !pos.IsValid() {
		return "unknown position"
	}
	p := c.pass.Fset.Position(pos)
	return fmt.Sprintf("%s:%d", filepath.Base(p.Filename), p.Line)
}
