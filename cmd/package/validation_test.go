package main

import (
	"strconv"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/ext/tryfunc"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/function"
	"github.com/zclconf/go-cty/cty/function/stdlib"

	"analyste.dev/analyste/shared/platform"
	"analyste.dev/analyste/shared/store"
)

// validationFuncs are the Terraform functions the variables' validations
// and the locals they read call.
var validationFuncs = map[string]function.Function{
	"alltrue": allTrue, "can": tryfunc.CanFunc, "try": tryfunc.TryFunc, "regex": stdlib.RegexFunc,
	"tonumber": stdlib.MakeToFunc(cty.Number), "floor": stdlib.FloorFunc, "values": stdlib.ValuesFunc,
	"keys": stdlib.KeysFunc, "toset": stdlib.MakeToFunc(cty.Set(cty.DynamicPseudoType)),
}

// allTrue is Terraform's alltrue.
var allTrue = function.New(&function.Spec{
	Params: []function.Parameter{{Name: "list", Type: cty.List(cty.Bool)}},
	Type:   function.StaticReturnType(cty.Bool),
	Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
		for it := args[0].ElementIterator(); it.Next(); {
			if _, v := it.Element(); !v.True() {
				return cty.False, nil
			}
		}
		return cty.True, nil
	},
})

// valid evaluates the validations of variable name as Terraform (1.9 and
// later) does: with the values of set, the other variables' defaults, and
// the locals computed from variables alone. It tells whether they all hold.
func (c *infra) valid(t *testing.T, name string, set map[string]cty.Value) bool {
	t.Helper()
	vars := map[string]cty.Value{}
	for v, b := range c.variables {
		if d, ok := b.Body.Attributes["default"]; ok {
			if val, diags := d.Expr.Value(nil); !diags.HasErrors() {
				vars[v] = val
			}
		}
	}
	for v, val := range set {
		vars[v] = val
	}
	ctx := &hcl.EvalContext{Functions: validationFuncs, Variables: map[string]cty.Value{"var": cty.ObjectVal(vars)}}
	locals := map[string]cty.Value{}
	for l, a := range c.locals {
		if val, diags := a.Expr.Value(ctx); !diags.HasErrors() {
			locals[l] = val
		}
	}
	ctx.Variables["local"] = cty.ObjectVal(locals)
	v, ok := c.variables[name]
	if !ok {
		t.Fatalf("no variable %s", name)
	}
	holds := true
	found := false
	for _, b := range v.Body.Blocks {
		if b.Type != "validation" {
			continue
		}
		found = true
		ok, diags := b.Body.Attributes["condition"].Expr.Value(ctx)
		if diags.HasErrors() {
			t.Fatalf("variable %s: %v", name, diags)
		}
		holds = holds && ok.True()
	}
	if !found {
		t.Fatalf("variable %s has no validation", name)
	}
	return holds
}

// stringList is a Terraform list(string).
func stringList(members ...string) cty.Value {
	if len(members) == 0 {
		return cty.ListValEmpty(cty.String)
	}
	var vals []cty.Value
	for _, m := range members {
		vals = append(vals, cty.StringVal(m))
	}
	return cty.ListVal(vals)
}

// TestInfraInvokersNamedOnly evaluates the invokers variables' validations:
// named users and groups pass; public members, service accounts and
// principal sets fail; a domain passes only when explicitly allowed.
func TestInfraInvokersNamedOnly(t *testing.T) {
	t.Parallel()
	cases := []struct {
		members []string
		domains bool
		valid   bool
	}{
		{nil, false, true},
		{[]string{"user:ana@example.com", "group:credit@example.com"}, false, true},
		{[]string{"allUsers"}, false, false},
		{[]string{"user:ana@example.com", "allAuthenticatedUsers"}, false, false},
		{[]string{"allAuthenticatedUsers"}, true, false},
		{[]string{"ana@example.com"}, false, false},
		{[]string{"user:"}, false, false},
		{[]string{"serviceAccount:ci@p.iam.gserviceaccount.com"}, false, false},
		{[]string{"principalSet://iam.googleapis.com/locations/global/workforcePools/p/*"}, false, false},
		{[]string{"domain:example.com"}, false, false},
		{[]string{"domain:example.com", "user:ana@example.com"}, true, true},
	}
	c := loadInfra(t)
	for entry := range httpFunctionInstances(t, c) {
		name := entry + "_invokers"
		for _, tc := range cases {
			set := map[string]cty.Value{name: stringList(tc.members...), entry + "_allow_domains": cty.BoolVal(tc.domains)}
			if got := c.valid(t, name, set); got != tc.valid {
				t.Errorf("%s = %q with domains allowed %v: valid %v, want %v", name, tc.members, tc.domains, got, tc.valid)
			}
		}
	}
}

// limits are function_limits with the event functions' timeout set.
func limits(timeout int) cty.Value {
	return sized(timeout, "512Mi", "1", 1, "435MiB")
}

// sized are function_limits with every function's memory, vCPU,
// concurrency and GOMEMLIMIT set, and the event functions' timeout.
func sized(timeout int, memory, cpu string, concurrency int, goLimit string) cty.Value {
	fn := func(timeout int) cty.Value {
		return cty.ObjectVal(map[string]cty.Value{"max_instances": cty.NumberIntVal(1), "memory": cty.StringVal(memory),
			"cpu": cty.StringVal(cpu), "concurrency": cty.NumberIntVal(int64(concurrency)), "go_memory_limit": cty.StringVal(goLimit),
			"timeout_seconds": cty.NumberIntVal(int64(timeout))})
	}
	return cty.ObjectVal(map[string]cty.Value{"extract": fn(timeout), "signals": fn(timeout), "memo": fn(timeout), "viewer": fn(60)})
}

// TestInfraSizing evaluates the validations of the functions' sizes: more
// than one request at a time needs a whole vCPU, and GOMEMLIMIT must stay
// below the memory.
func TestInfraSizing(t *testing.T) {
	t.Parallel()
	c := loadInfra(t)
	tests := []struct {
		name        string
		memory, cpu string
		concurrency int
		goLimit     string
		valid       bool
	}{
		{"one request on a fraction of a vCPU", "1Gi", "0.583", 1, "870MiB", true},
		{"four requests on a whole vCPU", "1Gi", "1", 4, "870MiB", true},
		{"four requests on a fraction of a vCPU", "1Gi", "0.583", 4, "870MiB", false},
		{"no request", "1Gi", "1", 0, "870MiB", false},
		{"GOMEMLIMIT at the memory", "512Mi", "1", 1, "512MiB", false},
		{"GOMEMLIMIT in GiB", "1Gi", "1", 1, "1GiB", false},
		{"cpu not a number", "1Gi", "one", 1, "870MiB", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			set := map[string]cty.Value{"function_limits": sized(540, tt.memory, tt.cpu, tt.concurrency, tt.goLimit)}
			if got := c.valid(t, "function_limits", set); got != tt.valid {
				t.Errorf("%s cpu %s concurrency %d GOMEMLIMIT %s: valid %v, want %v", tt.memory, tt.cpu, tt.concurrency, tt.goLimit, got, tt.valid)
			}
		})
	}
}

// TestInfraLeaseAndAttempts evaluates the validations that keep the claims
// sound: a lease longer than every event function's timeout, and the
// attempts, each up to a lease apart, within Eventarc's retry window.
func TestInfraLeaseAndAttempts(t *testing.T) {
	t.Parallel()
	c := loadInfra(t)
	tests := []struct {
		name     string
		variable string
		lease    string
		timeout  int
		attempts int
		valid    bool
	}{
		{"defaults", "function_limits", "15m", 540, 3, true},
		{"lease just above the timeout", "function_limits", "541s", 540, 3, true},
		{"lease equal to the timeout", "function_limits", "9m", 540, 3, false},
		{"lease below the timeout", "function_limits", "5m", 540, 3, false},
		{"lease in hours", "function_limits", "1h", 540, 3, true},
		{"viewer's timeout does not count", "function_limits", "2m", 60, 3, true},
		{"default attempts", "max_attempts", "15m", 540, 3, true},
		{"ten attempts of an hour", "max_attempts", "1h", 540, 10, true},
		{"attempts past the retry window", "max_attempts", "3h", 540, 10, false},
		{"no attempt", "max_attempts", "15m", 540, 0, false},
		{"attempts past the code's bound", "max_attempts", "1m", 30, 11, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			set := map[string]cty.Value{"lease": cty.StringVal(tt.lease), "function_limits": limits(tt.timeout),
				"max_attempts": cty.NumberIntVal(int64(tt.attempts))}
			if got := c.valid(t, tt.variable, set); got != tt.valid {
				t.Errorf("%s with lease %s, timeout %d s, %d attempts: valid %v, want %v",
					tt.variable, tt.lease, tt.timeout, tt.attempts, got, tt.valid)
			}
			// The code bounds the attempts as Terraform does (it does not
			// know the retry window) and reads every lease Terraform accepts.
			_, err := platform.ConfigFromEnv(func(k string) string {
				return map[string]string{"GOOGLE_CLOUD_PROJECT": "p", "ANALYSTE_ARTIFACTS_BUCKET": "a", "ANALYSTE_READERS": "offline",
					"ANALYSTE_MAX_ATTEMPTS": strconv.Itoa(tt.attempts), "ANALYSTE_LEASE": tt.lease}[k]
			})
			if want := tt.attempts >= 1 && tt.attempts <= 10; (err == nil) != want {
				t.Errorf("the code with %d attempts and lease %s: %v, want accepted %v", tt.attempts, tt.lease, err, want)
			}
		})
	}
	if d := c.scope().eval(c.variables["max_attempts"].Body.Attributes["default"].Expr); d != float64(store.DefaultMaxAttempts) {
		t.Errorf("max_attempts defaults to %v, the code to %d", d, store.DefaultMaxAttempts)
	}
	if !strings.Contains(string(readFile(t, c.dir+"/versions.tf")), `required_version = ">= 1.9"`) {
		t.Error("validations that refer to other variables need Terraform 1.9: required_version")
	}
}
