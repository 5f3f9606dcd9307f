package lossypublish

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"github.com/idemlint/idemlint/internal/apis"
	"github.com/idemlint/idemlint/internal/calls"
	"github.com/idemlint/idemlint/internal/funcname"
)

// A channel configured in one package and published on in another. The
// publisher keeps, in a field, a channel its constructor is given
// (NewPublisher(ch) returning &Publisher{channel: ch}: calls.KeepsParams);
// the channel was opened elsewhere (Connect storing conn.Channel() in
// RabbitMQ.Channel, or a function returning it), with or without Confirm.
// Three facts link them where the relay is, in a package that sees all
// three:
//
//   - HeldPublish, on the publisher's method: it publishes on the channel
//     held by field Field of its type, configured out of its package's
//     sight;
//   - ChannelOrigin, on the field or function the channel comes from: how
//     it was opened (confirm mode, confirmations read) and where;
//   - KeepsParams (the call layer's), on the constructor: which argument
//     ends in the publisher's field, so that the call binds the field to
//     the channel the caller passes (bind, config.go).
//
// The bound: AMQP channels only; a field of a struct type of the
// publishing method's own package, reached by one selector (p.channel);
// the publish made by the method or by functions of its package it calls
// (calls.Derived's targets); a kept argument, not a field of one.

// HeldPublish marks a function that publishes on an AMQP channel held by
// field Field of struct type Type (of the function's package), whose
// configuration its package does not show.
type HeldPublish struct {
	Type  string
	Field int
	Via   string // chain to the function that publishes: "(*Publisher).Publish"
	Name  string // the library method: "PublishWithContext"
	Kafka bool   // a kafka-go writer configured per constructor (ctorwriter.go), not an AMQP channel
}

// AFact implements analysis.Fact.
func (*HeldPublish) AFact() {}

func (f *HeldPublish) String() string {
	return fmt.Sprintf("heldPublish(%s.f%d: %s)", f.Type, f.Field, f.Via)
}

// ChannelOrigin marks a struct field that holds, or a function that
// returns, an AMQP channel opened in its package: whether Confirm and a
// confirmation reader were called on it there, and where it was opened.
type ChannelOrigin struct {
	At      string // "broker.go:25"
	Confirm bool
	Notify  bool
}

// AFact implements analysis.Fact.
func (*ChannelOrigin) AFact() {}

func (f *ChannelOrigin) String() string {
	s := "channel(" + f.At
	if f.Confirm {
		s += ", confirm"
	}
	if f.Notify {
		s += ", notify"
	}
	return s + ")"
}

// computeHeld computes the HeldPublish summary of fn, declared in the
// package: its first AMQP publish on a field whose channel the package
// does not configure, or a call of a function that has one.
func (c *checker) computeHeld(fn *types.Func, decl *ast.FuncDecl) *HeldPublish {
	if !c.brokers && len(c.varying) == 0 {
		return nil // no AMQP channel within reach, no writer configured per constructor
	}
	var out *HeldPublish
	inspectEvaluated(decl.Body, func(n ast.Node) {
		call, ok := n.(*ast.CallExpr)
		if !ok || out != nil {
			return
		}
		if lib := apis.Callee(c.pass.TypesInfo, call); lib != nil {
			switch apis.ClassifyPublish(lib) {
			case apis.AMQPPublish:
				if named, field, ok := c.heldField(receiver(call)); ok && c.brokers {
					out = &HeldPublish{Type: named.Obj().Name(), Field: field, Via: funcname.Code(fn, nil), Name: lib.Name()}
				}
				return
			case apis.KafkaGoWrite:
				if named, field, ok := c.heldField(receiver(call)); ok && c.varying[structField(named, field)] {
					out = &HeldPublish{Type: named.Obj().Name(), Field: field, Via: funcname.Code(fn, nil), Name: lib.Name(), Kafka: true}
				}
				return
			}
		}
		for _, t := range c.held.CallTargets(call) {
			if t.Sum != nil && t.Func != nil && t.Func.Pkg() == fn.Pkg() {
				f := *t.Sum
				f.Via = funcname.Code(fn, nil) + " → " + f.Via
				out = &f
				return
			}
		}
	})
	return out
}

// heldField returns the struct type and field index of x when x selects a
// field (p.channel) of a struct type of the package whose channel the
// package does not configure.
func (c *checker) heldField(x ast.Expr) (*types.Named, int, bool) {
	sel, ok := ast.Unparen(x).(*ast.SelectorExpr)
	if !ok {
		return nil, 0, false
	}
	s, ok := c.pass.TypesInfo.Selections[sel]
	if !ok || s.Kind() != types.FieldVal || len(s.Index()) != 1 || c.producerOf(x) != nil {
		return nil, 0, false
	}
	t := s.Recv()
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	named, ok := types.Unalias(t).(*types.Named)
	if !ok || named.Obj().Pkg() != c.pass.Pkg || named.TypeArgs().Len() > 0 {
		return nil, 0, false
	}
	return named, s.Index()[0], true
}

// heldSite returns the site of a call of fn (a target of call) whose
// HeldPublish summary names a field this package binds to a lossy
// channel (through a constructor's KeepsParams), or nil.
func (c *checker) heldSite(call *ast.CallExpr) *site {
	for _, t := range c.held.CallTargets(call) {
		if t.Sum == nil || t.Func == nil {
			continue
		}
		via := t.Sum.Via
		if t.Via != nil {
			via = funcname.Code(t.Via, nil) + " → " + via
		}
		if t.Sum.Kafka {
			if s := c.writerSite(call, t.Func, t.Sum, via); s != nil {
				return s
			}
			continue
		}
		field := fieldVar(t.Func.Pkg(), t.Sum.Type, t.Sum.Field)
		p := c.prods[field]
		if field == nil || p == nil || p.kind != amqpChannel {
			continue
		}
		reason, pos := p.lossy()
		if reason == "" {
			continue
		}
		s := &site{call: call, lossy: true, via: via, advice: adviceAMQP}
		s.what = fmt.Sprintf("%s on %s (%s)", t.Sum.Name, reason, c.whereProducer(p, pos))
		if p.confirm {
			s.advice = adviceAMQPRead
		}
		return s
	}
	return nil
}

// fieldVar returns field i of the struct type named name of pkg, or nil.
func fieldVar(pkg *types.Package, name string, i int) *types.Var {
	if pkg == nil {
		return nil
	}
	tn, ok := pkg.Scope().Lookup(name).(*types.TypeName)
	if !ok {
		return nil
	}
	st, ok := tn.Type().Underlying().(*types.Struct)
	if !ok || i < 0 || i >= st.NumFields() {
		return nil
	}
	return st.Field(i)
}

// bindKept binds the fields a constructor keeps its arguments in
// (calls.KeepsParams) to the producers the arguments hold.
func (c *checker) bindKept(call *ast.CallExpr) {
	fn := apis.Callee(c.pass.TypesInfo, call)
	f := c.calls.Keeps(fn)
	named := calls.KeptType(fn, f)
	if named == nil || fn.Signature().Recv() != nil {
		return
	}
	st, ok := named.Underlying().(*types.Struct)
	if !ok {
		return
	}
	for field := range st.NumFields() {
		for _, k := range f.Stores(field) {
			if k.Param >= len(call.Args) || c.prods[st.Field(field)] != nil {
				continue
			}
			arg := call.Args[k.Param]
			if k.From > 0 { // a field of the argument: set in its literal (Config{Channel: ch})
				if arg = c.litField(arg, k.From-1); arg == nil {
					continue
				}
			}
			if p := c.producerOf(arg); p != nil {
				c.prods[st.Field(field)] = p
			}
		}
	}
}

// litField returns the value a struct literal (or its address) gives
// field i, or nil.
func (c *checker) litField(e ast.Expr, i int) ast.Expr {
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	lit, ok := e.(*ast.CompositeLit)
	if !ok {
		return nil
	}
	st, ok := c.pass.TypesInfo.TypeOf(lit).Underlying().(*types.Struct)
	if !ok || i >= st.NumFields() {
		return nil
	}
	for j, el := range lit.Elts {
		kv, ok := el.(*ast.KeyValueExpr)
		if !ok {
			if j == i {
				return el
			}
			continue
		}
		if key, ok := kv.Key.(*ast.Ident); ok && key.Name == st.Field(i).Name() {
			return kv.Value
		}
	}
	return nil
}

// importedProducer returns the channel another package's field or
// function holds or returns (its ChannelOrigin fact), or nil.
func (c *checker) importedProducer(obj types.Object) *producer {
	if obj == nil || obj.Pkg() == nil || obj.Pkg() == c.pass.Pkg {
		return nil
	}
	var f *ChannelOrigin
	if fn, ok := obj.(*types.Func); ok {
		f = c.opened.Of(fn)
	} else if g := new(ChannelOrigin); c.pass.ImportObjectFact(obj, g) {
		f = g
	}
	if f == nil {
		return nil
	}
	return &producer{kind: amqpChannel, confirm: f.Confirm, notify: f.Notify, at: f.At}
}

// channelOrigin describes a channel opened in the package, or nil.
func (c *checker) channelOrigin(p *producer) *ChannelOrigin {
	if p == nil || p.kind != amqpChannel || p.at != "" || !p.pos.IsValid() {
		return nil // imported: its own package exported it
	}
	return &ChannelOrigin{At: c.where(p.pos), Confirm: p.confirm, Notify: p.notify}
}

// computeOpened is the compute callback of the functions' ChannelOrigin
// (c.opened): the channel fn returns, found by collectProducers.
func (c *checker) computeOpened(fn *types.Func, _ *ast.FuncDecl) *ChannelOrigin {
	return c.channelOrigin(c.results[fn])
}

// exportOrigins exports the ChannelOrigin facts of the package's exported
// fields holding a channel opened here (another package can read only
// those) and, under the call layer's export policy, of its functions
// returning one.
func (c *checker) exportOrigins() {
	for obj, p := range c.prods {
		if v, ok := obj.(*types.Var); ok && v.IsField() && v.Exported() && v.Pkg() == c.pass.Pkg {
			if f := c.channelOrigin(p); f != nil {
				c.pass.ExportObjectFact(v, f)
			}
		}
	}
	calls.ExportFacts(c.opened)
}

// whereProducer is where for a producer that may come from another
// package's fact.
func (c *checker) whereProducer(p *producer, pos token.Pos) string {
	if p.at != "" {
		return p.at
	}
	return c.where(pos)
}
