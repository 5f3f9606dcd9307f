package lossypublish

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"time"

	"github.com/idemlint/idemlint/internal/apis"
)

// A producerKind is the library value a producer configuration belongs to.
type producerKind int

const (
	kafkaWriter  producerKind = iota + 1 // *kafka.Writer
	saramaConfig                         // *sarama.Config and the producers made from it
	franzClient                          // *kgo.Client
	amqpChannel                          // *amqp.Channel
)

// smallBatchTimeout is the largest BatchTimeout with which one message per
// WriteMessages call is not a throughput finding.
const smallBatchTimeout = 100 * time.Millisecond

// A producer is what the package shows of one writer's, producer's or
// channel's configuration: the composite literal or call that builds it
// and the assignments that change it later, wherever the value goes
// (locals, struct fields, constructors' results).
type producer struct {
	kind producerKind
	pos  token.Pos // where it is built (or first configured)

	// kafka-go Writer
	async     token.Pos // Async: true
	acksNone  token.Pos // RequiredAcks: RequireNone (0)
	acksUnset bool      // a Writer literal without RequiredAcks: RequireNone
	acksSet   bool      // RequiredAcks set to anything else, or not a constant
	batchOK   bool      // BatchSize 1, a small or non-constant BatchTimeout
	batch     string    // the batching a one-message write waits for

	// sarama config, franz-go client
	noAck token.Pos

	// amqp091 channel
	confirm bool // Confirm called on it
	notify  bool // NotifyPublish/NotifyConfirm called on it

	at string // opened in another package: where (its ChannelOrigin fact); pos is then invalid
}

// lossy returns why a write through p cannot report a loss and where the
// configuration says so, or "".
func (p *producer) lossy() (string, token.Pos) {
	switch p.kind {
	case kafkaWriter:
		switch {
		case p.async.IsValid():
			return "a writer with Async: true", p.async
		case p.acksNone.IsValid():
			return "a writer with RequiredAcks: RequireNone", p.acksNone
		case p.acksUnset && !p.acksSet:
			return "a writer without RequiredAcks (zero value RequireNone: acks=0)", p.pos
		}
	case saramaConfig, franzClient:
		if p.noAck.IsValid() {
			return "a producer that requires no acks", p.noAck
		}
	case amqpChannel:
		if !p.confirm {
			return "a channel never put in confirm mode", p.pos
		}
		if !p.notify {
			return "a channel in confirm mode whose confirmations nothing reads", p.pos
		}
	}
	return "", token.NoPos
}

// collectProducers finds every producer configuration of the package and
// the variables and fields that hold it.
func (c *checker) collectProducers() {
	for range 3 { // values flow local → field → constructor result → field
		for _, file := range c.pass.Files {
			ast.Inspect(file, c.bind)
		}
	}
	for _, file := range c.pass.Files {
		ast.Inspect(file, c.mutate)
	}
}

// bind records where the producers built or held by a value expression go.
func (c *checker) bind(n ast.Node) bool {
	switch n := n.(type) {
	case *ast.FuncDecl:
		c.bindResult(n)
	case *ast.AssignStmt:
		c.bindAssign(n.Lhs, n.Rhs)
	case *ast.CallExpr:
		c.bindKept(n) // NewPublisher(ch): the field the constructor keeps ch in (held.go)
	case *ast.ValueSpec:
		lhs := make([]ast.Expr, len(n.Names))
		for i, id := range n.Names {
			lhs[i] = id
		}
		c.bindAssign(lhs, n.Values)
	case *ast.KeyValueExpr:
		if key, ok := n.Key.(*ast.Ident); ok {
			if f, ok := c.pass.TypesInfo.Uses[key].(*types.Var); ok && f.IsField() {
				if p := c.producerOf(n.Value); p != nil && c.prods[f] == nil {
					c.prods[f] = p
				}
			}
		}
	}
	return true
}

func (c *checker) bindAssign(lhs, rhs []ast.Expr) {
	for i, l := range lhs {
		var r ast.Expr
		switch {
		case len(lhs) == len(rhs):
			r = rhs[i]
		case len(rhs) == 1 && i == 0:
			r = rhs[0] // ch, err := conn.Channel()
		default:
			continue
		}
		if p := c.producerOf(r); p != nil {
			if obj := c.origin(l); obj != nil && c.prods[obj] == nil {
				c.prods[obj] = p
			}
		}
	}
}

// bindResult records a constructor that returns a producer it builds.
func (c *checker) bindResult(fd *ast.FuncDecl) {
	fn, _ := c.pass.TypesInfo.Defs[fd.Name].(*types.Func)
	if fn == nil || fd.Body == nil || c.results[fn] != nil {
		return
	}
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			if len(n.Results) > 0 {
				if p := c.producerOf(n.Results[0]); p != nil && c.results[fn] == nil {
					c.results[fn] = p
				}
			}
		}
		return true
	})
}

// producerOf returns the producer a value expression builds or holds.
func (c *checker) producerOf(e ast.Expr) *producer {
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	switch x := e.(type) {
	case *ast.CompositeLit:
		if p, ok := c.built[x]; ok {
			return p
		}
		var p *producer
		if tv, ok := c.pass.TypesInfo.Types[x]; ok && apis.IsKafkaGoWriter(tv.Type) {
			p = c.writerLiteral(x)
		}
		c.built[x] = p
		return p
	case *ast.CallExpr:
		if p, ok := c.built[x]; ok {
			return p
		}
		p := c.producerCall(x)
		c.built[x] = p
		return p
	case *ast.Ident, *ast.SelectorExpr:
		if obj := c.origin(x); obj != nil {
			if v, ok := obj.(*types.Var); ok && c.varying[v] {
				return nil // configured per constructed value (ctorwriter.go)
			}
			if p := c.prods[obj]; p != nil {
				return p
			}
			if p := c.importedProducer(obj); p != nil { // a field of another package (held.go)
				c.prods[obj] = p
				return p
			}
		}
	}
	return nil
}

// producerCall returns the producer a call builds: kafka.NewWriter,
// sarama.NewConfig and the producers made from a config, kgo.NewClient,
// an AMQP Channel(), or a constructor of the package returning one.
func (c *checker) producerCall(call *ast.CallExpr) *producer {
	fn := apis.Callee(c.pass.TypesInfo, call)
	if fn == nil {
		return nil
	}
	switch {
	case apis.IsKafkaGoNewWriter(fn):
		p := &producer{kind: kafkaWriter, pos: call.Pos(), acksSet: true} // NewWriter's zero RequiredAcks is RequireAll
		if len(call.Args) == 1 {
			if lit, ok := ast.Unparen(call.Args[0]).(*ast.CompositeLit); ok {
				c.writerFields(p, lit)
				p.acksSet, p.acksNone = true, token.NoPos
			}
		}
		return p
	case apis.IsSaramaNewProducer(fn):
		if len(call.Args) == 2 {
			return c.producerOf(call.Args[1])
		}
	case apis.IsSaramaNewConfig(fn):
		return &producer{kind: saramaConfig, pos: call.Pos()}
	case apis.IsFranzNewClient(fn):
		p := &producer{kind: franzClient, pos: call.Pos()}
		for _, a := range call.Args {
			if c.isFranzNoAck(a) {
				p.noAck = a.Pos()
			}
		}
		return p
	case apis.IsAMQPOpenChannel(fn):
		return &producer{kind: amqpChannel, pos: call.Pos()}
	}
	if fn.Pkg() == c.pass.Pkg {
		return c.results[fn]
	}
	return c.importedProducer(fn) // a function of another package returning a channel it opened (held.go)
}

// isFranzNoAck reports whether e is kgo.RequiredAcks(kgo.NoAck()).
func (c *checker) isFranzNoAck(e ast.Expr) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || !apis.IsFranzRequiredAcksOpt(apis.Callee(c.pass.TypesInfo, call)) || len(call.Args) != 1 {
		return false
	}
	inner, ok := ast.Unparen(call.Args[0]).(*ast.CallExpr)
	return ok && apis.IsFranzNoAck(apis.Callee(c.pass.TypesInfo, inner))
}

// writerLiteral reads a kafka.Writer composite literal.
func (c *checker) writerLiteral(lit *ast.CompositeLit) *producer {
	p := &producer{kind: kafkaWriter, pos: lit.Pos(), acksUnset: true}
	c.writerFields(p, lit)
	return p
}

// writerFields reads the fields of a Writer or WriterConfig literal.
func (c *checker) writerFields(p *producer, lit *ast.CompositeLit) {
	for _, el := range lit.Elts {
		kv, ok := el.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		if key, ok := kv.Key.(*ast.Ident); ok {
			c.writerField(p, key.Name, kv.Value, kv.Pos())
		}
	}
}

// writerField applies one field setting of a kafka-go writer.
func (c *checker) writerField(p *producer, name string, v ast.Expr, pos token.Pos) {
	val := c.pass.TypesInfo.Types[v].Value
	switch name {
	case "Async":
		if val != nil && val.Kind() == constant.Bool && constant.BoolVal(val) {
			p.async = pos
		} else {
			p.async = token.NoPos
		}
	case "RequiredAcks":
		p.acksUnset = false
		if val != nil && constant.Sign(val) == 0 {
			p.acksNone, p.acksSet = pos, false
		} else {
			p.acksNone, p.acksSet = token.NoPos, true
		}
	case "BatchSize":
		if val == nil || constant.Compare(val, token.LEQ, constant.MakeInt64(1)) {
			p.batchOK = true
		}
	case "BatchTimeout":
		if val == nil || constant.Compare(val, token.LEQ, constant.MakeInt64(int64(smallBatchTimeout))) {
			p.batchOK = true
		} else if d, ok := constant.Int64Val(val); ok {
			p.batch = "BatchTimeout " + time.Duration(d).String()
		}
	}
}

// mutate applies the assignments and calls that configure a producer
// after it is built: w.Async = true, cfg.Producer.RequiredAcks =
// sarama.NoResponse, ch.Confirm(false), ch.NotifyPublish(...).
func (c *checker) mutate(n ast.Node) bool {
	switch n := n.(type) {
	case *ast.AssignStmt:
		if len(n.Lhs) != len(n.Rhs) {
			return true
		}
		for i, l := range n.Lhs {
			sel, ok := ast.Unparen(l).(*ast.SelectorExpr)
			if !ok {
				continue
			}
			c.mutateField(sel, n.Rhs[i], l.Pos())
		}
	case *ast.CallExpr:
		fn := apis.Callee(c.pass.TypesInfo, n)
		sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr)
		if fn == nil || !ok {
			return true
		}
		switch {
		case apis.IsAMQPConfirm(fn):
			if p := c.producerAt(sel.X, amqpChannel, n.Pos()); p != nil {
				p.confirm = true
			}
		case apis.IsAMQPNotifyConfirm(fn):
			if p := c.producerAt(sel.X, amqpChannel, n.Pos()); p != nil {
				p.notify = true
			}
		}
	}
	return true
}

func (c *checker) mutateField(sel *ast.SelectorExpr, v ast.Expr, pos token.Pos) {
	xt := c.pass.TypesInfo.TypeOf(sel.X)
	if xt == nil {
		return
	}
	if apis.IsKafkaGoWriter(xt) {
		if p := c.producerAt(sel.X, kafkaWriter, pos); p != nil {
			c.writerField(p, sel.Sel.Name, v, pos)
		}
		return
	}
	// cfg.Producer.RequiredAcks = sarama.NoResponse
	if sel.Sel.Name != "RequiredAcks" || !apis.IsSaramaRequiredAcks(c.pass.TypesInfo.TypeOf(sel)) {
		return
	}
	inner, ok := ast.Unparen(sel.X).(*ast.SelectorExpr)
	if !ok || !apis.IsSaramaConfig(c.pass.TypesInfo.TypeOf(inner.X)) {
		return
	}
	p := c.producerAt(inner.X, saramaConfig, pos)
	if p == nil {
		return
	}
	if val := c.pass.TypesInfo.Types[v].Value; val != nil && constant.Sign(val) == 0 {
		p.noAck = pos
	} else {
		p.noAck = token.NoPos
	}
}

// producerAt returns the producer held by x, recording a new one of kind
// at pos when x's origin holds none yet; nil when x has no origin.
func (c *checker) producerAt(x ast.Expr, kind producerKind, pos token.Pos) *producer {
	obj := c.origin(x)
	if obj == nil {
		return nil
	}
	p := c.prods[obj]
	if p == nil {
		p = c.importedProducer(obj)
	}
	if p == nil {
		p = &producer{kind: kind, pos: pos}
		if kind == kafkaWriter {
			p.acksSet = true // built elsewhere: its acks are not known
		}
		c.prods[obj] = p
	}
	return p
}
