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

// registeredFunctions reads the root package's sources, as the buildpack
// sees them, for the names passed to the functions framework's registration
// calls (functions.CloudEvent, functions.HTTP), constants resolved.
func registeredFunctions(t *testing.T, root string) []string {
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
	var names []string
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
			if pkg, ok := sel.X.(*ast.Ident); !ok || pkg.Name != "functions" || (sel.Sel.Name != "CloudEvent" && sel.Sel.Name != "HTTP") {
				return true
			}
			tv, ok := info.Types[call.Args[0]]
			if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
				t.Errorf("%s: the function name is not a constant string", fset.Position(call.Pos()))
				return true
			}
			names = append(names, constant.StringVal(tv.Value))
			return true
		})
	}
	slices.Sort(names)
	return names
}
