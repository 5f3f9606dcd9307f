package lossypublish

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/internal/apis"
	"github.com/idemlint/idemlint/internal/calls"
	"github.com/idemlint/idemlint/internal/funcname"
)

// A writer configured per constructed value. A producer type of the
// project may have several constructors that build its kafka-go writer
// differently — NewProducer with RequiredAcks: RequireAll, NewFastProducer
// with Async: true for click streams. Whether a publish through a value
// of that type can lose a message then depends on the constructor that
// built the value, not on the type, so the type's methods get no
// Publishes summary (which would judge every value by the first
// constructor) but a HeldPublish one, and each constructor a BuildsWriter
// fact. A relay is reported where a value built by a lossy constructor
// reaches it: at the composition root that hands it to the relay's
// package (completePending), or at a publish through a local the lossy
// constructor built (heldSite).
//
// The bound: kafka-go writers; the writer is a field of a struct type of
// the package, set in the composite literal a constructor returns (or
// through a local holding the writer); the value is traced back to its
// constructor through one local assigned once (fast :=
// bus.NewFastProducer(...)) or a direct call argument.

// BuildsWriter marks a constructor that returns a value of struct type
// Type whose field Field holds a kafka-go writer configured differently by
// another constructor of the type: whether a write through it can report
// a loss.
type BuildsWriter struct {
	Type   string
	Field  int
	Lossy  bool
	What   string // "WriteMessages on a writer with Async: true (producer.go:23)"
	Advice string
}

// AFact implements analysis.Fact.
func (*BuildsWriter) AFact() {}

func (f *BuildsWriter) String() string {
	kind := "safe"
	if f.Lossy {
		kind = "lossy"
	}
	return fmt.Sprintf("buildsWriter(%s.f%d: %s)", f.Type, f.Field, kind)
}

// A ctorWriter is one constructor's writer for one field.
type ctorWriter struct {
	ctor  *types.Func
	named *types.Named
	field int
	p     *producer
}

// collectVaryingWriters finds the writer fields whose constructors
// disagree on whether a write can report a loss, marks them varying (so
// that producerOf no longer answers for them) and keeps each
// constructor's writer for its BuildsWriter fact. It runs after
// collectProducers has bound the writers to locals.
func (c *checker) collectVaryingWriters() {
	var all []ctorWriter
	byField := make(map[*types.Var][]ctorWriter)
	for _, file := range c.pass.Files {
		for _, d := range file.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil || fd.Recv != nil {
				continue
			}
			fn, _ := c.pass.TypesInfo.Defs[fd.Name].(*types.Func)
			if fn == nil {
				continue
			}
			for _, cw := range c.ctorWriters(fn, fd.Body) {
				v := structField(cw.named, cw.field)
				byField[v] = append(byField[v], cw)
				all = append(all, cw)
			}
		}
	}
	for v, cws := range byField {
		lossy, safe := false, false
		for _, cw := range cws {
			if reason, _ := cw.p.lossy(); reason != "" {
				lossy = true
			} else {
				safe = true
			}
		}
		if lossy && safe {
			c.varying[v] = true
		}
	}
	for _, cw := range all {
		if c.varying[structField(cw.named, cw.field)] {
			c.builds[cw.ctor] = c.buildsWriter(cw)
		}
	}
}

// ctorWriters returns the kafka-go writers fn's returned struct literals
// put in their fields.
func (c *checker) ctorWriters(fn *types.Func, body *ast.BlockStmt) []ctorWriter {
	var out []ctorWriter
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			if len(n.Results) == 0 {
				return true
			}
			e := ast.Unparen(n.Results[0])
			if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
				e = ast.Unparen(u.X)
			}
			lit, ok := e.(*ast.CompositeLit)
			if !ok {
				return true
			}
			named, ok := types.Unalias(c.pass.TypesInfo.TypeOf(lit)).(*types.Named)
			if !ok || named.Obj().Pkg() != c.pass.Pkg {
				return true
			}
			st, ok := named.Underlying().(*types.Struct)
			if !ok {
				return true
			}
			for _, el := range lit.Elts {
				kv, ok := el.(*ast.KeyValueExpr)
				if !ok {
					continue
				}
				key, ok := kv.Key.(*ast.Ident)
				if !ok {
					continue
				}
				for i := range st.NumFields() {
					if st.Field(i).Name() != key.Name {
						continue
					}
					if p := c.producerOf(kv.Value); p != nil && p.kind == kafkaWriter {
						out = append(out, ctorWriter{ctor: fn, named: named, field: i, p: p})
					}
				}
			}
		}
		return true
	})
	return out
}

// buildsWriter describes one constructor's writer.
func (c *checker) buildsWriter(cw ctorWriter) *BuildsWriter {
	f := &BuildsWriter{Type: cw.named.Obj().Name(), Field: cw.field}
	if reason, pos := cw.p.lossy(); reason != "" {
		f.Lossy = true
		f.What = fmt.Sprintf("WriteMessages on %s (%s)", reason, c.where(pos))
		f.Advice = adviceAcksNone
		if cw.p.async.IsValid() {
			f.Advice = adviceAsync
		}
	}
	return f
}

// exportBuilds exports the constructors' BuildsWriter facts.
func (c *checker) exportBuilds() {
	for fn, f := range c.builds {
		c.pass.ExportObjectFact(fn, f)
	}
}

// builtBy returns the BuildsWriter fact of the constructor that built the
// value of e — a call of it, or a local assigned once from one — when it
// builds the field held names; nil otherwise.
func (c *checker) builtBy(e ast.Expr, held *HeldPublish, pkg *types.Package) (*types.Func, *BuildsWriter) {
	e = ast.Unparen(e)
	if id, ok := e.(*ast.Ident); ok {
		v, _ := c.pass.TypesInfo.Uses[id].(*types.Var)
		if def := c.callDefs[v]; def != nil {
			e = def
		}
	}
	call, ok := e.(*ast.CallExpr)
	if !ok {
		return nil, nil
	}
	fn := apis.Callee(c.pass.TypesInfo, call)
	if fn == nil || fn.Pkg() != pkg {
		return nil, nil
	}
	f := c.builds[fn]
	if f == nil {
		if g := new(BuildsWriter); fn.Pkg() != c.pass.Pkg && c.pass.ImportObjectFact(fn, g) {
			f = g
		}
	}
	if f == nil || f.Type != held.Type || f.Field != held.Field {
		return nil, nil
	}
	return fn, f
}

// writerSite returns the site of a call whose target publishes through a
// varying writer field (held) on a value a lossy constructor built.
func (c *checker) writerSite(call *ast.CallExpr, target *types.Func, held *HeldPublish, via string) *site {
	ctor, f := c.builtBy(receiver(call), held, target.Pkg())
	if f == nil || !f.Lossy {
		return nil
	}
	return &site{call: call, lossy: true, via: via,
		what:   fmt.Sprintf("%s built by %s", f.What, funcname.Code(ctor, c.pass.Pkg)),
		advice: f.Advice}
}

// structField returns field i of named's struct.
func structField(named *types.Named, i int) *types.Var {
	return named.Underlying().(*types.Struct).Field(i)
}

// completeWriter reports a relay site of another package whose publisher
// the composition root wires to a value a lossy constructor built, and
// returns whether it did.
func (c *checker) completeWriter(relay, m *types.Func, s RelaySite) bool {
	impl, held := c.heldImplementation(m)
	if held == nil {
		return false
	}
	at := c.calls.RootWiring(relay.Pkg(), m, impl, calls.RecvTypeName(relay), c.rep.IsGenerated)
	if !at.IsValid() {
		return false
	}
	for _, arg := range c.wiringArgs(at) {
		ctor, f := c.builtBy(arg, held, impl.Pkg())
		if f == nil || !f.Lossy {
			continue
		}
		c.rep.Reportf(calls.At(at), "relay %s (%s) marks rows published (%s) after %s, wired here to %s built by %s → %s: %s",
			funcname.Code(relay, c.pass.Pkg), s.Pos, s.Mark, funcname.Code(m, c.pass.Pkg), funcname.Code(impl, c.pass.Pkg),
			funcname.Code(ctor, c.pass.Pkg), f.What, f.Advice)
		return true
	}
	return false
}

// heldImplementation returns an implementation of m the package sees
// that publishes through a writer configured per constructor.
func (c *checker) heldImplementation(m *types.Func) (*types.Func, *HeldPublish) {
	for _, fn := range c.implementations(m, c.held.Funcs(), func(f analysis.Fact) bool { _, ok := f.(*HeldPublish); return ok }) {
		if sum := c.held.Of(fn); sum != nil && sum.Kafka {
			return fn, sum
		}
	}
	return nil, nil
}

// wiringArgs returns the values the call or struct literal at pos hands
// over: its arguments, or its fields' values.
func (c *checker) wiringArgs(pos token.Pos) []ast.Expr {
	var out []ast.Expr
	for _, file := range c.pass.Files {
		if pos < file.Pos() || pos > file.End() {
			continue
		}
		ast.Inspect(file, func(n ast.Node) bool {
			if n == nil || out != nil || n.Pos() > pos || n.End() < pos {
				return false
			}
			switch n := n.(type) {
			case *ast.CallExpr:
				if n.Pos() == pos {
					out = n.Args
				}
			case *ast.CompositeLit:
				if n.Pos() == pos {
					for _, el := range n.Elts {
						if kv, ok := el.(*ast.KeyValueExpr); ok {
							out = append(out, kv.Value)
						}
					}
				}
			}
			return true
		})
	}
	return out
}
