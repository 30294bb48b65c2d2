package main

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclparse"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
)

// infra is a static reading of infra/*.tf: no provider, no plan, only what
// literals, variable defaults, locals, for_each and dynamic blocks say.
type infra struct {
	dir       string
	src       map[string][]byte // file contents by path
	resources map[string]*hclsyntax.Block
	variables map[string]*hclsyntax.Block
	locals    map[string]*hclsyntax.Attribute
	blocks    []*hclsyntax.Block // every top-level block, in file order
	vars      map[string]any     // values given to variables, as with -var
}

func loadInfra(t *testing.T) *infra {
	t.Helper()
	root, err := moduleRoot(".")
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(root, "infra")
	paths, err := filepath.Glob(filepath.Join(dir, "*.tf"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no Terraform file in %s (%v)", dir, err)
	}
	c := &infra{dir: dir, src: map[string][]byte{}, resources: map[string]*hclsyntax.Block{},
		variables: map[string]*hclsyntax.Block{}, locals: map[string]*hclsyntax.Attribute{}, vars: map[string]any{}}
	p := hclparse.NewParser()
	for _, path := range paths {
		f, diags := p.ParseHCLFile(path)
		if diags.HasErrors() {
			t.Fatalf("parse %s: %v", path, diags)
		}
		c.src[path] = f.Bytes
		for _, b := range f.Body.(*hclsyntax.Body).Blocks {
			c.blocks = append(c.blocks, b)
			key := strings.Join(b.Labels, ".")
			switch b.Type {
			case "resource":
				c.resources[key] = b
			case "data":
				c.resources["data."+key] = b
			case "variable":
				c.variables[key] = b
			case "locals":
				for name, a := range b.Body.Attributes {
					c.locals[name] = a
				}
			}
		}
	}
	return c
}

// ref is what the static reading cannot know (a resource's attribute, a
// variable without default, a function call): its normalised source, such
// as `google_service_account.function["extract"].member`.
type ref string

// scope evaluates expressions with the iteration bindings in force: each,
// and the iterators of dynamic blocks.
type scope struct {
	c    *infra
	vars map[string]any
}

func (c *infra) scope() scope { return scope{c: c, vars: map[string]any{}} }

func (s scope) with(name, key string, value any) scope {
	vars := map[string]any{name: map[string]any{"key": key, "value": value}}
	for k, v := range s.vars {
		if k != name {
			vars[k] = v
		}
	}
	return scope{c: s.c, vars: vars}
}

func (s scope) source(r hcl.Range) ref {
	return ref(r.SliceBytes(s.c.src[r.Filename]))
}

func (s scope) eval(x hclsyntax.Expression) any {
	switch x := x.(type) {
	case *hclsyntax.LiteralValueExpr:
		return fromCty(x.Val)
	case *hclsyntax.TemplateWrapExpr:
		return s.eval(x.Wrapped)
	case *hclsyntax.ParenthesesExpr:
		return s.eval(x.Expression)
	case *hclsyntax.TemplateExpr:
		var b strings.Builder
		for _, p := range x.Parts {
			switch v := s.eval(p).(type) {
			case ref:
				b.WriteString("${" + string(v) + "}")
			default:
				b.WriteString(text(v))
			}
		}
		return b.String()
	case *hclsyntax.TupleConsExpr:
		out := []any{}
		for _, e := range x.Exprs {
			out = append(out, s.eval(e))
		}
		return out
	case *hclsyntax.ObjectConsExpr:
		out := map[string]any{}
		for _, item := range x.Items {
			key := hcl.ExprAsKeyword(item.KeyExpr)
			if key == "" {
				key = text(s.eval(item.KeyExpr.(*hclsyntax.ObjectConsKeyExpr).Wrapped))
			}
			out[key] = s.eval(item.ValueExpr)
		}
		return out
	case *hclsyntax.ScopeTraversalExpr:
		return s.traverse(x.Traversal)
	case *hclsyntax.RelativeTraversalExpr:
		return s.steps(s.eval(x.Source), x.Traversal)
	case *hclsyntax.IndexExpr:
		return index(s.eval(x.Collection), text(s.eval(x.Key)))
	case *hclsyntax.FunctionCallExpr:
		switch x.Name {
		case "merge":
			out := map[string]any{}
			for _, a := range x.Args {
				m, ok := s.eval(a).(map[string]any)
				if !ok {
					return s.source(x.Range())
				}
				for k, v := range m {
					out[k] = v
				}
			}
			return out
		case "tostring":
			if v := s.eval(x.Args[0]); !isRef(v) {
				return text(v)
			}
		case "toset":
			// A set of strings, as for_each iterates it: each key its value.
			if l, ok := s.eval(x.Args[0]).([]any); ok {
				out := map[string]any{}
				for _, v := range l {
					if isRef(v) {
						return s.source(x.Range())
					}
					out[text(v)] = v
				}
				return out
			}
		}
	}
	return s.source(x.Range())
}

func (s scope) traverse(t hcl.Traversal) any {
	root := t.RootName()
	rest := t[1:]
	switch {
	case root == "local" && len(rest) > 0:
		name := rest[0].(hcl.TraverseAttr).Name
		if a, ok := s.c.locals[name]; ok {
			return s.steps(s.eval(a.Expr), rest[1:])
		}
	case root == "var" && len(rest) > 0:
		name := rest[0].(hcl.TraverseAttr).Name
		if v, ok := s.c.vars[name]; ok {
			return s.steps(v, rest[1:])
		}
		if v, ok := s.c.variables[name]; ok {
			if d, ok := v.Body.Attributes["default"]; ok {
				return s.steps(s.eval(d.Expr), rest[1:])
			}
		}
	default:
		if v, ok := s.vars[root]; ok {
			return s.steps(v, rest)
		}
	}
	return s.steps(ref(root), rest)
}

func (s scope) steps(v any, t hcl.Traversal) any {
	for _, step := range t {
		switch step := step.(type) {
		case hcl.TraverseAttr:
			v = attr(v, step.Name)
		case hcl.TraverseIndex:
			v = index(v, text(fromCty(step.Key)))
		}
	}
	return v
}

func attr(v any, name string) any {
	if r, ok := v.(ref); ok {
		return r + ref("."+name)
	}
	if m, ok := v.(map[string]any); ok {
		if e, ok := m[name]; ok {
			return e
		}
	}
	return ref(fmt.Sprintf("missing(%v.%s)", v, name))
}

func index(v any, key string) any {
	if r, ok := v.(ref); ok {
		return r + ref(strconv.Quote(key)).wrap("[", "]")
	}
	return attr(v, key)
}

func (r ref) wrap(open, close string) ref { return ref(open) + r + ref(close) }

func isRef(v any) bool { _, ok := v.(ref); return ok }

func fromCty(v cty.Value) any {
	switch {
	case v.IsNull():
		return nil
	case v.Type() == cty.String:
		return v.AsString()
	case v.Type() == cty.Number:
		f, _ := v.AsBigFloat().Float64()
		return f
	case v.Type() == cty.Bool:
		return v.True()
	}
	return ref(v.GoString())
}

// text renders a scalar as Terraform's tostring would.
func text(v any) string {
	switch v := v.(type) {
	case string:
		return v
	case float64:
		return strconv.FormatFloat(v, 'f', -1, 64)
	case ref:
		return "${" + string(v) + "}"
	}
	return fmt.Sprint(v)
}

// instance is one instance of a resource: the block and the scope its
// for_each gives it.
type instance struct {
	name  string // type.name or type.name["key"]
	body  *hclsyntax.Body
	scope scope
}

// instances expands a resource's for_each; a resource without one has one
// instance.
func (c *infra) instances(t *testing.T, addr string) []instance {
	t.Helper()
	b, ok := c.resources[addr]
	if !ok {
		t.Fatalf("no resource %s in infra/", addr)
	}
	fe, ok := b.Body.Attributes["for_each"]
	if !ok {
		return []instance{{name: addr, body: b.Body, scope: c.scope()}}
	}
	m, ok := c.scope().eval(fe.Expr).(map[string]any)
	if !ok {
		t.Fatalf("%s: for_each is not a static map", addr)
	}
	var out []instance
	for _, k := range sortedKeys(m) {
		out = append(out, instance{name: addr + "[" + strconv.Quote(k) + "]", body: b.Body, scope: c.scope().with("each", k, m[k])})
	}
	return out
}

// blocks returns the nested blocks of a type, dynamic ones expanded, each
// with the scope its content is evaluated in.
func (s scope) blocks(body *hclsyntax.Body, typ string) []instance {
	var out []instance
	for _, b := range body.Blocks {
		switch {
		case b.Type == typ:
			out = append(out, instance{name: typ, body: b.Body, scope: s})
		case b.Type == "dynamic" && len(b.Labels) == 1 && b.Labels[0] == typ:
			var content *hclsyntax.Body
			for _, inner := range b.Body.Blocks {
				if inner.Type == "content" {
					content = inner.Body
				}
			}
			each, _ := s.eval(b.Body.Attributes["for_each"].Expr).(map[string]any)
			for _, k := range sortedKeys(each) {
				out = append(out, instance{name: typ, body: content, scope: s.with(typ, k, each[k])})
			}
		}
	}
	return out
}

// get evaluates the attribute at path (nested blocks, then the attribute);
// nil when absent or when a block on the way is absent or repeated.
func (i instance) get(path ...string) any {
	body, s := i.body, i.scope
	for _, typ := range path[:len(path)-1] {
		bs := s.blocks(body, typ)
		if len(bs) != 1 {
			return nil
		}
		body, s = bs[0].body, bs[0].scope
	}
	a, ok := body.Attributes[path[len(path)-1]]
	if !ok {
		return nil
	}
	return s.eval(a.Expr)
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// readFile is os.ReadFile that fails the test.
func readFile(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
