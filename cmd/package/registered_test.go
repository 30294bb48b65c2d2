package main

import (
	"go/ast"
	"go/constant"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// The functions framework's registration calls, by kind of function.
const (
	cloudEvent = "CloudEvent"
	httpFunc   = "HTTP"
)

// registeredFunctions reads the root package's sources, as the buildpack
// sees them, for the names passed to the functions framework's registration
// calls, constants resolved, sorted by kind (cloudEvent, httpFunc).
func registeredFunctions(t *testing.T, root string) map[string][]string {
	t.Helper()
	fset := token.NewFileSet()
	entries, err := os.ReadDir(root)
	if err != nil {
		t.Fatal(err)
	}
	var files []*ast.File
	for _, e := range entries {
		if name := e.Name(); strings.HasSuffix(name, ".go") && !strings.HasSuffix(name, "_test.go") {
			f, err := parser.ParseFile(fset, filepath.Join(root, name), nil, 0)
			if err != nil {
				t.Fatal(err)
			}
			files = append(files, f)
		}
	}
	// Type-check only the constants: imports are not resolved.
	info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}}
	conf := types.Config{Importer: nil, Error: func(error) {}}
	_, _ = conf.Check("root", fset, files, info)
	names := map[string][]string{}
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || len(call.Args) == 0 {
				return true
			}
			sel, ok := call.Fun.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			if pkg, ok := sel.X.(*ast.Ident); !ok || pkg.Name != "functions" || (sel.Sel.Name != cloudEvent && sel.Sel.Name != httpFunc) {
				return true
			}
			tv, ok := info.Types[call.Args[0]]
			if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
				t.Errorf("%s: the function name is not a constant string", fset.Position(call.Pos()))
				return true
			}
			names[sel.Sel.Name] = append(names[sel.Sel.Name], constant.StringVal(tv.Value))
			return true
		})
	}
	for _, n := range names {
		slices.Sort(n)
	}
	return names
}
