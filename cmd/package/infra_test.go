package main

import (
	"bytes"
	"errors"
	"maps"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/hashicorp/hcl/v2/hclwrite"

	analyste "analyste.dev/analyste"
	"analyste.dev/analyste/functions/extract"
	"analyste.dev/analyste/functions/viewer"
	"analyste.dev/analyste/shared/pipeline"
	"analyste.dev/analyste/shared/platform"
	"analyste.dev/analyste/shared/schema"
	"analyste.dev/analyste/shared/store"
)

const functionResource = "google_cloudfunctions2_function.function"

// configReaders reads each entry point's configuration as analyste.go's
// builders do.
var configReaders = map[string]func(getenv func(string) string) error{
	analyste.EntryExtract: func(g func(string) string) error { _, err := extract.ConfigFromEnv(g); return err },
	analyste.EntrySignals: func(g func(string) string) error { _, err := platform.ConfigFromEnv(g); return err },
	analyste.EntryMemo:    func(g func(string) string) error { _, err := platform.ConfigFromEnv(g); return err },
	analyste.EntryViewer:  func(g func(string) string) error { _, err := viewer.ConfigFromEnv(g); return err },
}

// functionInstances returns the event function resource's instances by
// entry point, failing unless they are exactly the registered CloudEvent
// functions.
func functionInstances(t *testing.T, c *infra) map[string]instance {
	t.Helper()
	root, err := moduleRoot(".")
	if err != nil {
		t.Fatal(err)
	}
	byEntry := map[string]instance{}
	for _, i := range c.instances(t, functionResource) {
		entry, ok := i.get("build_config", "entry_point").(string)
		if !ok {
			t.Fatalf("%s: entry point %v is not static", i.name, i.get("build_config", "entry_point"))
		}
		byEntry[entry] = i
	}
	if got, want := sortedKeys(byEntry), registeredFunctions(t, root)[cloudEvent]; !slices.Equal(got, want) {
		t.Fatalf("Terraform deploys event entry points %v, the code registers %v", got, want)
	}
	return byEntry
}

// httpFunctionInstances returns, by entry point, the resource of each
// registered HTTP function: google_cloudfunctions2_function.ENTRY. It fails
// on any other function resource, which nothing would hold to the code.
func httpFunctionInstances(t *testing.T, c *infra) map[string]instance {
	t.Helper()
	root, err := moduleRoot(".")
	if err != nil {
		t.Fatal(err)
	}
	byEntry := map[string]instance{}
	for _, entry := range registeredFunctions(t, root)[httpFunc] {
		i := c.instances(t, "google_cloudfunctions2_function."+entry)[0]
		if got := i.get("build_config", "entry_point"); got != entry {
			t.Errorf("%s: entry point %v, want %s", i.name, got, entry)
		}
		byEntry[entry] = i
	}
	for addr := range c.resources {
		typ, name, _ := strings.Cut(addr, ".")
		if _, ok := byEntry[name]; typ == "google_cloudfunctions2_function" && addr != functionResource && !ok {
			t.Errorf("%s: a function the code does not register over HTTP", addr)
		}
	}
	return byEntry
}

// allFunctionInstances returns the event and HTTP functions by entry point.
func allFunctionInstances(t *testing.T, c *infra) map[string]instance {
	t.Helper()
	all := functionInstances(t, c)
	maps.Copy(all, httpFunctionInstances(t, c))
	return all
}

func TestInfraFunctionsMatchRegistrations(t *testing.T) {
	t.Parallel()
	c := loadInfra(t)
	for entry, i := range allFunctionInstances(t, c) {
		if got := i.get("build_config", "source", "storage_source", "object"); got != ref("google_storage_bucket_object.source.name") {
			t.Errorf("%s: built from %v, want the uploaded archive", entry, got)
		}
		if got := i.get("build_config", "service_account"); got != ref("google_service_account.build.id") {
			t.Errorf("%s: built as %v, want the build account", entry, got)
		}
	}
	for entry, i := range functionInstances(t, c) {
		if got, want := i.get("service_config", "service_account_email"), ref(`google_service_account.function["`+entry+`"].email`); got != want {
			t.Errorf("%s: runs as %v, want its own account %v", entry, got, want)
		}
	}
}

// TestInfraHTTPFunctions holds each HTTP function (the viewer) to the code:
// no trigger, its own account, and no invoker but the members of
// var.ENTRY_invokers.
func TestInfraHTTPFunctions(t *testing.T) {
	t.Parallel()
	c := loadInfra(t)
	fns := httpFunctionInstances(t, c)
	if len(fns) == 0 {
		t.Fatal("no HTTP function registered; the viewer is")
	}
	// Invokers given as with -var: the grants must be exactly these.
	members := []any{"user:ana@example.com", "group:credit@example.com"}
	for entry := range fns {
		c.vars[entry+"_invokers"] = members
	}
	grants := map[string][]string{} // by target
	for _, addr := range sortedKeys(c.resources) {
		if typ, _, _ := strings.Cut(addr, "."); strings.HasSuffix(typ, "_iam_member") {
			for _, i := range c.instances(t, addr) {
				// A grant describeGrant cannot read fails TestInfraRoles.
				if who, grant, err := describeGrant(typ, i); err == nil {
					role, target, _ := strings.Cut(grant, " on ")
					grants[target] = append(grants[target], role+" to "+who)
				}
			}
		}
	}
	for entry, i := range fns {
		if got, want := i.get("service_config", "service_account_email"), ref("google_service_account."+entry+".email"); got != want {
			t.Errorf("%s: runs as %v, want its own account %v", entry, got, want)
		}
		if trig := i.scope.blocks(i.body, "event_trigger"); len(trig) != 0 {
			t.Errorf("%s: an HTTP function with an event trigger", entry)
		}
		// Reached from outside through `gcloud run services proxy`; Cloud
		// Run checks the invoker role on every request.
		if got := i.get("service_config", "ingress_settings"); got != "ALLOW_ALL" {
			t.Errorf("%s: ingress %v, want ALLOW_ALL (IAM decides who gets in)", entry, got)
		}
		checkEnvironment(t, entry, i, "") // the viewer calls no model
		var want []string
		for _, m := range members {
			want = append(want, "roles/run.invoker to "+text(m))
		}
		got := grants["google_cloudfunctions2_function."+entry]
		slices.Sort(want)
		slices.Sort(got)
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%s: grants with %s_invokers = %v (-want +got):\n%s", entry, entry, members, diff)
		}
	}
}

func TestInfraTriggersMatchDocuments(t *testing.T) {
	t.Parallel()
	const (
		finalized = "google.cloud.storage.object.v1.finalized"
		written   = "google.cloud.firestore.document.v1.written"
	)
	type filter struct{ Attribute, Value, Operator string }
	database := filter{"database", "${google_firestore_database.main.name}", ""}
	// Each stage fires on the document the previous one writes.
	want := map[string][]filter{
		analyste.EntryExtract: {{"bucket", "${google_storage_bucket.upload.name}", ""}},
		analyste.EntrySignals: {database, {"document", schema.Extractions + "/{docId}", "match-path-pattern"}},
		analyste.EntryMemo:    {database, {"document", schema.Signals + "/{docId}", "match-path-pattern"}},
	}
	wantType := map[string]string{analyste.EntryExtract: finalized, analyste.EntrySignals: written, analyste.EntryMemo: written}
	c := loadInfra(t)
	for entry, i := range functionInstances(t, c) {
		if got := i.get("event_trigger", "event_type"); got != wantType[entry] {
			t.Errorf("%s: event type %v, want %s", entry, got, wantType[entry])
		}
		if got := i.get("event_trigger", "retry_policy"); got != "RETRY_POLICY_RETRY" {
			t.Errorf("%s: retry policy %v, want retries on", entry, got)
		}
		if got := i.get("event_trigger", "service_account_email"); got != ref("google_service_account.trigger.email") {
			t.Errorf("%s: events delivered as %v, want the trigger account", entry, got)
		}
		trig := i.scope.blocks(i.body, "event_trigger")
		if len(trig) != 1 {
			t.Fatalf("%s: %d event_trigger blocks", entry, len(trig))
		}
		var got []filter
		for _, f := range trig[0].scope.blocks(trig[0].body, "event_filters") {
			op, _ := f.get("operator").(string)
			got = append(got, filter{text(f.get("attribute")), text(f.get("value")), op})
		}
		if diff := cmp.Diff(want[entry], got); diff != "" {
			t.Errorf("%s: event filters (-want +got):\n%s", entry, diff)
		}
	}
}

func TestInfraEnvironmentIsWhatTheCodeReads(t *testing.T) {
	t.Parallel()
	c := loadInfra(t)
	for entry, i := range functionInstances(t, c) {
		checkEnvironment(t, entry, i, pipeline.ModeModel)
	}
}

// checkEnvironment fails unless the function sets exactly the variables its
// configuration reads, plain or from Secret Manager, with values the code
// accepts and readers as its ANALYSTE_READERS (empty: not set).
func checkEnvironment(t *testing.T, entry string, i instance, readers string) {
	t.Helper()
	read, ok := configReaders[entry]
	if !ok {
		t.Errorf("%s: no configuration reader known to this test", entry)
		return
	}
	plain, ok := i.get("service_config", "environment_variables").(map[string]any)
	if !ok {
		t.Errorf("%s: environment is not static: %v", entry, i.get("service_config", "environment_variables"))
		return
	}
	env := maps.Clone(plain)
	for _, sv := range i.scope.blocks(i.scope.blocks(i.body, "service_config")[0].body, "secret_environment_variables") {
		// A secret's value is known at run time only: a stand-in as long
		// as the random_password it is drawn from.
		env[text(sv.get("key"))] = strings.Repeat("s", 64)
	}
	// The names the code reads, and those the Go runtime reads; an unset
	// environment fails, so the reader's error is expected here.
	var names []string
	_ = read(func(name string) string { names = append(names, name); return "" })
	names = append(names, runtimeVariables...)
	slices.Sort(names)
	if diff := cmp.Diff(slices.Compact(names), sortedKeys(env)); diff != "" {
		t.Errorf("%s: variables read (-) and set (+):\n%s", entry, diff)
	}
	// The values Terraform sets by default are valid for the code;
	// those known only at apply (project, bucket) are stand-ins.
	err := read(func(name string) string {
		if v, ok := env[name]; ok && !isRef(v) {
			return text(v)
		}
		return "stand-in"
	})
	if err != nil {
		t.Errorf("%s: the default environment is refused: %v", entry, err)
	}
	if got, _ := env["ANALYSTE_READERS"].(string); got != readers {
		t.Errorf("%s: ANALYSTE_READERS %v, want %s in production", entry, got, readers)
	}
}

// runtimeVariables are the variables every function sets for the Go
// runtime rather than for its configuration.
var runtimeVariables = []string{"GOMEMLIMIT"}

func TestInfraLimits(t *testing.T) {
	t.Parallel()
	c := loadInfra(t)
	lease, err := time.ParseDuration(text(c.scope().eval(c.variables["lease"].Body.Attributes["default"].Expr)))
	if err != nil {
		t.Fatal(err)
	}
	events := functionInstances(t, c)
	for entry, i := range allFunctionInstances(t, c) {
		for _, a := range []string{"max_instance_count", "available_memory", "available_cpu", "max_instance_request_concurrency", "timeout_seconds"} {
			if v := i.get("service_config", a); v == nil || isRef(v) {
				t.Errorf("%s: %s has no default value (%v)", entry, a, v)
			}
		}
		checkMemoryLimit(t, entry, i)
		if _, ok := events[entry]; !ok {
			continue // an HTTP function holds no claim
		}
		// A claim must outlive the run that holds it, or a retry would
		// start a second run beside the first.
		timeout, _ := i.get("service_config", "timeout_seconds").(float64)
		if d := time.Duration(timeout) * time.Second; d <= 0 || d > 540*time.Second || d >= lease {
			t.Errorf("%s: timeout %s, want at most 540 s and below the lease %s", entry, d, lease)
		}
	}
}

func TestInfraRuntimeMatchesGoMod(t *testing.T) {
	t.Parallel()
	c := loadInfra(t)
	m := regexp.MustCompile(`(?m)^go (\d+)\.(\d+)`).FindSubmatch(readFile(t, filepath.Join(filepath.Dir(c.dir), "go.mod")))
	if m == nil {
		t.Fatal("no go directive in go.mod")
	}
	want := "go" + string(m[1]) + string(m[2])
	for entry, i := range allFunctionInstances(t, c) {
		if got := i.get("build_config", "runtime"); got != want {
			t.Errorf("%s: runtime %v, go.mod wants %s", entry, got, want)
		}
	}
}

func TestInfraUploadsThePackagedArchive(t *testing.T) {
	t.Parallel()
	c := loadInfra(t)
	got := c.instances(t, "google_storage_bucket_object.source")[0].get("source")
	if want := filepath.ToSlash(filepath.Join("..", defaultArchive)); got != want {
		t.Errorf("Terraform uploads %v, `make package` writes %s (relative to infra/)", got, want)
	}
}

func TestInfraRoles(t *testing.T) {
	t.Parallel()
	fn := func(entry string) string { return `google_service_account.function["` + entry + `"]` }
	const (
		project   = "project"
		database  = `project if resource.name == "projects/${var.project}/databases/${google_firestore_database.main.name}"`
		review    = `project if resource.name == "projects/${var.project}/databases/${google_firestore_database.review.name}"`
		uploads   = "google_storage_bucket.upload"
		artifacts = "google_storage_bucket.artifacts"
	)
	c := loadInfra(t)
	prefix := text(c.scope().eval(c.variables["upload_prefix"].Body.Attributes["default"].Expr))
	reports := uploads + ` if resource.name.startsWith("projects/_/buckets/${google_storage_bucket.upload.name}/objects/` + prefix + `")`
	pages := artifacts + ` if resource.name.startsWith("projects/_/buckets/${google_storage_bucket.artifacts.name}/objects/` + store.PagesPrefix + `")`
	sources := artifacts + ` if resource.name.startsWith("projects/_/buckets/${google_storage_bucket.artifacts.name}/objects/sources/")`
	// What each identity's code or job touches.
	want := map[string][]string{
		fn(analyste.EntryExtract): {
			"roles/aiplatform.user on " + project, "roles/datastore.user on " + database,
			"roles/documentai.apiUser on " + project,
			"roles/storage.objectUser on " + pages, "roles/storage.objectViewer on " + uploads,
		},
		fn(analyste.EntrySignals): {
			"roles/aiplatform.user on " + project, "roles/datastore.user on " + database,
			"roles/storage.objectViewer on " + pages,
		},
		fn(analyste.EntryMemo): {"roles/aiplatform.user on " + project, "roles/datastore.user on " + database},
		"google_service_account.trigger": {
			"roles/eventarc.eventReceiver on " + project,
			`roles/run.invoker on google_cloudfunctions2_function.function["extract"]`,
			`roles/run.invoker on google_cloudfunctions2_function.function["memo"]`,
			`roles/run.invoker on google_cloudfunctions2_function.function["signals"]`,
		},
		"google_service_account." + analyste.EntryViewer: {
			"google_project_iam_custom_role.reviewer on " + review,
			"google_project_iam_custom_role.viewer on " + database,
			"roles/secretmanager.secretAccessor on google_secret_manager_secret.viewer_form_key",
			"roles/storage.objectViewer on " + pages, "roles/storage.objectViewer on " + reports,
		},
		"google_service_account.build": {
			"roles/artifactregistry.writer on google_artifact_registry_repository.functions",
			"roles/logging.logWriter on " + project, "roles/storage.objectViewer on " + sources,
		},
		"data.google_storage_project_service_account.gcs": {"roles/pubsub.publisher on " + project},
	}
	got := map[string][]string{}
	for _, addr := range sortedKeys(c.resources) {
		typ, _, _ := strings.Cut(addr, ".")
		switch {
		case strings.HasSuffix(typ, "_iam_binding"), strings.HasSuffix(typ, "_iam_policy"):
			t.Errorf("%s: authoritative IAM would remove grants made outside this configuration; use _iam_member", addr)
		case strings.HasSuffix(typ, "_iam_member"):
			for _, i := range c.instances(t, addr) {
				who, grant, err := describeGrant(typ, i)
				if err != nil {
					t.Errorf("%s: %v", i.name, err)
					continue
				}
				got[who] = append(got[who], grant)
			}
		}
	}
	for _, grants := range got {
		slices.Sort(grants)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("roles by identity (-want +got):\n%s", diff)
	}
	// Every service account created has its expected roles above.
	for _, addr := range sortedKeys(c.resources) {
		if !strings.HasPrefix(addr, "google_service_account.") {
			continue
		}
		for _, i := range c.instances(t, addr) {
			if _, ok := want[i.name]; !ok {
				t.Errorf("%s: a service account this test expects no roles for", i.name)
			}
		}
	}
}

// describeGrant renders an IAM member resource as the identity and
// "ROLE on TARGET[ if CONDITION]"; a custom role of this configuration is
// named by its resource.
func describeGrant(typ string, i instance) (who, grant string, err error) {
	role, ok := i.get("role").(string)
	if r, custom := i.get("role").(ref); custom && strings.HasPrefix(string(r), "google_project_iam_custom_role.") {
		role, ok = strings.TrimSuffix(string(r), ".id"), true
	}
	if !ok {
		return "", "", errors.New("role is neither a literal nor a custom role of this configuration")
	}
	who = strings.TrimSuffix(strings.TrimPrefix(text(i.get("member")), "serviceAccount:"), "}")
	who = strings.TrimPrefix(who, "${")
	for _, suffix := range []string{".member", ".email_address", ".email"} {
		who = strings.TrimSuffix(who, suffix)
	}
	targetAttr := map[string]string{
		"google_project_iam_member":                      "project",
		"google_storage_bucket_iam_member":               "bucket",
		"google_cloud_run_v2_service_iam_member":         "name",
		"google_artifact_registry_repository_iam_member": "repository",
		"google_secret_manager_secret_iam_member":        "secret_id",
	}[typ]
	if targetAttr == "" {
		return "", "", errors.New("IAM resource type unknown to this test")
	}
	target := "project"
	if typ != "google_project_iam_member" {
		r, ok := i.get(targetAttr).(ref)
		if !ok {
			return "", "", errors.New(targetAttr + " is not a reference to a managed resource")
		}
		target = strings.TrimSuffix(strings.TrimSuffix(strings.TrimSuffix(string(r), ".name"), ".id"), ".secret_id")
	}
	if cond := i.get("condition", "expression"); cond != nil {
		target += " if " + text(cond)
	}
	return who, role + " on " + target, nil
}

func TestInfraNoPublicAccess(t *testing.T) {
	t.Parallel()
	c := loadInfra(t)
	for path, src := range c.src {
		for _, public := range []string{"allUsers", "allAuthenticatedUsers"} {
			if bytes.Contains(src, []byte(public)) {
				t.Errorf("%s grants to %s", filepath.Base(path), public)
			}
		}
	}
	for _, addr := range []string{"google_storage_bucket.upload", "google_storage_bucket.artifacts"} {
		i := c.instances(t, addr)[0]
		if i.get("uniform_bucket_level_access") != true || i.get("public_access_prevention") != "enforced" {
			t.Errorf("%s: want uniform bucket-level access and public access prevention enforced", addr)
		}
	}
	upload := c.instances(t, "google_storage_bucket.upload")[0]
	if upload.get("versioning", "enabled") != true {
		t.Error("upload bucket: versioning off; an overwrite would lose the generation being read")
	}
	for entry, i := range functionInstances(t, c) {
		if got := i.get("service_config", "ingress_settings"); got != "ALLOW_INTERNAL_ONLY" {
			t.Errorf("%s: ingress %v, want events only", entry, got)
		}
	}
}

// TestInfraFirestoreRules holds the rules to no client access at all: the
// documents hold borrowers' figures, which the apps read through the viewer
// or an IAM role, never through a client SDK.
func TestInfraFirestoreRules(t *testing.T) {
	t.Parallel()
	c := loadInfra(t)
	rules := string(readFile(t, filepath.Join(c.dir, "firestore.rules")))
	code := regexp.MustCompile(`(?m)//.*$`).ReplaceAllString(rules, "")
	allows := regexp.MustCompile(`allow\s+([a-z, ]+):\s*if\s+([^;]+);`).FindAllStringSubmatch(code, -1)
	if len(allows) == 0 || strings.Count(code, "allow") != len(allows) {
		t.Errorf("rules %q: every allow must read `allow …: if false;`", code)
	}
	for _, a := range allows {
		if strings.TrimSpace(a[2]) != "false" {
			t.Errorf("rule %q grants access; the rules must deny every client", a[0])
		}
	}
	if !regexp.MustCompile(`match /\{document=\*\*\} \{\s*allow read, write: if false;\s*\}`).MatchString(code) {
		t.Error("no rule denies every document to every client")
	}
	for _, coll := range []string{schema.Reports, schema.Extractions, schema.Signals, schema.Memos, schema.Handoffs} {
		if strings.Contains(code, "/"+coll+"/") {
			t.Errorf("collection %s has a rule of its own; it must fall under the denial", coll)
		}
	}
	content := c.instances(t, "google_firebaserules_ruleset.firestore")[0].get("source", "files", "content")
	if content != ref(`file("${path.module}/firestore.rules")`) {
		t.Errorf("ruleset content %v, want the firestore.rules file", content)
	}
}

// TestInfraSourceArchiveOutOfFunctionsReach: the functions share the bucket
// of the archive they are built from, so each of their grants on it must
// hold under the page texts' prefix, which the archive is not under.
func TestInfraSourceArchiveOutOfFunctionsReach(t *testing.T) {
	t.Parallel()
	c := loadInfra(t)
	source := c.instances(t, "google_storage_bucket_object.source")[0]
	bucket, _ := source.get("bucket").(ref)
	name, _ := source.get("name").(string)
	if bucket == "" || strings.HasPrefix(name, store.PagesPrefix) || !strings.HasPrefix(name, "sources/") {
		t.Fatalf("source archive %v in bucket %v: want a static name under sources/, where the build's grant holds, outside %s", name, bucket, store.PagesPrefix)
	}
	target := strings.TrimSuffix(string(bucket), ".name")
	pagesOnly := `if resource.name.startsWith("projects/_/buckets/${` + string(bucket) + `}/objects/` + store.PagesPrefix + `")`
	functions := map[string]bool{"google_service_account.viewer": true}
	for _, i := range c.instances(t, "google_service_account.function") {
		functions[i.name] = true
	}
	grants := 0
	for _, addr := range sortedKeys(c.resources) {
		if !strings.HasPrefix(addr, "google_storage_bucket_iam_member.") {
			continue
		}
		for _, i := range c.instances(t, addr) {
			who, grant, err := describeGrant("google_storage_bucket_iam_member", i)
			if err != nil || !functions[who] || !strings.Contains(grant, " on "+target) {
				continue
			}
			grants++
			if !strings.HasSuffix(grant, " on "+target+" "+pagesOnly) {
				t.Errorf("%s: %s grants %s beyond %s", i.name, who, grant, store.PagesPrefix)
			}
		}
	}
	if grants == 0 {
		t.Error("no function grant on the artifacts bucket found: this test reads nothing")
	}
}

func TestInfraFormattedAndDocumented(t *testing.T) {
	t.Parallel()
	c := loadInfra(t)
	for path, src := range c.src {
		if !bytes.Equal(hclwrite.Format(src), src) {
			t.Errorf("%s is not formatted (terraform fmt)", filepath.Base(path))
		}
	}
	for name, v := range c.variables {
		desc, ok := v.Body.Attributes["description"]
		if d, _ := c.scope().eval(desc.Expr).(string); !ok || d == "" {
			t.Errorf("variable %s has no description", name)
		}
		if _, ok := v.Body.Attributes["type"]; !ok {
			t.Errorf("variable %s has no type", name)
		}
	}
	// A variable is used by the resources, or by another variable's
	// validation (viewer_allow_domains).
	used := map[string]bool{}
	for _, b := range c.blocks {
		hclsyntax.VisitAll(b.Body, func(n hclsyntax.Node) hcl.Diagnostics {
			if x, ok := n.(*hclsyntax.ScopeTraversalExpr); ok && x.Traversal.RootName() == "var" && len(x.Traversal) > 1 {
				if name := x.Traversal[1].(hcl.TraverseAttr).Name; b.Type != "variable" || name != b.Labels[0] {
					used[name] = true
				}
			}
			return nil
		})
	}
	if diff := cmp.Diff(sortedKeys(c.variables), slices.Sorted(maps.Keys(used))); diff != "" {
		t.Errorf("variables declared (-) and used (+):\n%s", diff)
	}
}

// TestInfraViewerWrites holds the viewer's Firestore roles to what its code
// does: read the pipeline's database, and nothing more there; read, create
// and update in the review database, which holds only what reviewers write
// (Firestore's IAM could not hold a grant to collections); delete nowhere.
// The review database is the one the viewer's configuration names, by
// default too. Its form key comes from the secret it alone reads, under
// the name its configuration reads, and its status filter has its index.
func TestInfraViewerWrites(t *testing.T) {
	t.Parallel()
	c := loadInfra(t)
	read := []any{"datastore.databases.get", "datastore.databases.getMetadata", "datastore.entities.get", "datastore.entities.list"}
	for role, want := range map[string][]any{
		"viewer":   read,
		"reviewer": {"datastore.databases.get", "datastore.databases.getMetadata", "datastore.entities.create", "datastore.entities.get", "datastore.entities.list", "datastore.entities.update"},
	} {
		if diff := cmp.Diff(want, c.instances(t, "google_project_iam_custom_role."+role)[0].get("permissions")); diff != "" {
			t.Errorf("%s role permissions (-want +got):\n%s", role, diff)
		}
	}
	if got := text(c.scope().eval(c.variables["review_database"].Body.Attributes["default"].Expr)); got != viewer.DefaultReviewDatabase {
		t.Errorf("review database %q by default, the viewer's configuration %q", got, viewer.DefaultReviewDatabase)
	}
	fn := c.instances(t, "google_cloudfunctions2_function.viewer")[0]
	env, _ := fn.get("service_config", "environment_variables").(map[string]any)
	if got := env[viewer.ReviewDatabaseVar]; got != ref("google_firestore_database.review.name") {
		t.Errorf("%s = %v, want the review database", viewer.ReviewDatabaseVar, got)
	}
	secrets := fn.scope.blocks(fn.scope.blocks(fn.body, "service_config")[0].body, "secret_environment_variables")
	if len(secrets) != 1 || secrets[0].get("key") != viewer.FormKeyVar || secrets[0].get("version") != "latest" ||
		secrets[0].get("secret") != ref("google_secret_manager_secret.viewer_form_key.secret_id") {
		t.Errorf("the viewer's form key is not %s from google_secret_manager_secret.viewer_form_key", viewer.FormKeyVar)
	}
	index := c.instances(t, "google_firestore_index.reports_by_status")[0]
	var fields []string
	for _, f := range index.scope.blocks(index.body, "fields") {
		fields = append(fields, text(f.get("field_path"))+" "+text(f.get("order")))
	}
	if got := text(index.get("collection")); got != schema.Reports || !slices.Equal(fields, []string{schema.StatusPath + " ASCENDING", schema.CreatedPath + " DESCENDING"}) {
		t.Errorf("index on %s %v, want reports by statut then cree_le, newest first", got, fields)
	}
}

// checkMemoryLimit fails unless the function's GOMEMLIMIT is what the Go
// runtime reads (debug.SetMemoryLimit's syntax, in MiB here) and leaves
// between a tenth and a quarter of its memory to the runtime's own.
func checkMemoryLimit(t *testing.T, entry string, i instance) {
	t.Helper()
	env, _ := i.get("service_config", "environment_variables").(map[string]any)
	limit, ok := env["GOMEMLIMIT"].(string)
	mib, err := strconv.Atoi(strings.TrimSuffix(limit, "MiB"))
	if !ok || !strings.HasSuffix(limit, "MiB") || err != nil {
		t.Errorf("%s: GOMEMLIMIT %v, want a size in MiB", entry, env["GOMEMLIMIT"])
		return
	}
	memory, _ := i.get("service_config", "available_memory").(string)
	total, err := strconv.Atoi(strings.TrimRight(memory, "MiG"))
	if err != nil {
		t.Errorf("%s: memory %q", entry, memory)
		return
	}
	if strings.HasSuffix(memory, "Gi") {
		total *= 1024
	}
	if mib < total*3/4 || mib > total*9/10 {
		t.Errorf("%s: GOMEMLIMIT %d MiB for %d MiB of memory, want 75 %% to 90 %%", entry, mib, total)
	}
}
