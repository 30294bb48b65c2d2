package main

import (
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"analyste.dev/analyste/shared/schema"
)

// loggedCounters are the top-level fields of a stage's « étape terminée »
// line: the report's counters (schema.Counters' keys), and the critical
// signals the net added, which the signals stage logs beside them.
func loggedCounters() map[string]bool {
	out := map[string]bool{"signaux_critiques_ajoutes": true}
	var walk func(reflect.Type)
	walk = func(t reflect.Type) {
		for f := range t.Fields() {
			if f.Anonymous {
				walk(f.Type)
				continue
			}
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			out[name] = true
		}
	}
	walk(reflect.TypeFor[schema.Counters]())
	return out
}

// TestInfraWatchesTheRates holds the log-based metrics to what the code
// logs (the message of the line, the stage, the counter), every metric to
// an alert on a threshold of var.alert_thresholds that notifies
// var.notification_channels and says where its meaning is written, and
// every metric to a chart of the dashboard.
func TestInfraWatchesTheRates(t *testing.T) {
	t.Parallel()
	c := loadInfra(t)
	root := filepath.Dir(c.dir)
	finish := string(readFile(t, filepath.Join(root, "shared", "platform", "finish.go")))
	for _, msg := range []string{"étape terminée", "échec de l'étape", "document impossible à traiter : étape abandonnée, échec enregistré"} {
		if !strings.Contains(finish, `"`+msg+`"`) {
			t.Errorf("shared/platform logs no %q any more; the metrics filter on it", msg)
		}
	}
	counters := loggedCounters()
	stages := map[string]bool{}
	for _, s := range schema.Stages {
		stages[string(s)] = true
	}
	perReport, ok := c.scope().eval(c.locals["per_report"].Expr).(map[string]any)
	if !ok || len(perReport) == 0 {
		t.Fatal("local.per_report is not a static map")
	}
	for key, v := range perReport {
		m := v.(map[string]any)
		if champ, _ := m["champ"].(string); !counters[champ] {
			t.Errorf("metric %s reads %q, which no stage logs", key, champ)
		}
		if etape, _ := m["etape"].(string); !stages[etape] {
			t.Errorf("metric %s filters on stage %q, not one of %v", key, etape, schema.Stages)
		}
	}
	for _, i := range c.instances(t, "google_logging_metric.per_report") {
		if got := text(i.get("value_extractor")); !regexp.MustCompile(`^EXTRACT\(jsonPayload\.[a-z_]+\)$`).MatchString(got) {
			t.Errorf("%s: value extractor %q, want EXTRACT(jsonPayload.<counter>)", i.name, got)
		}
	}
	shares, ok := c.scope().eval(c.locals["memo_shares"].Expr).(map[string]any)
	if !ok {
		t.Fatal("local.memo_shares is not a static map")
	}
	for key, v := range shares {
		filter, _ := v.(map[string]any)["filtre"].(string)
		field := regexp.MustCompile(`^jsonPayload\.([a-z_]+)=`).FindStringSubmatch(filter)
		if field == nil || !counters[field[1]] && field[1] != schema.StatusPath {
			t.Errorf("memo share %s filters on %q, which the memo stage does not log", key, filter)
		}
	}

	// Each metric, its alert; each alert, its threshold, channels and
	// documentation.
	alerts := map[string]string{ // alert resource → the metric it watches
		"google_monitoring_alert_policy.per_report": "google_logging_metric.per_report[each.key].name",
		"google_monitoring_alert_policy.memo_share": "google_logging_metric.memo_share[each.key].name",
		"google_monitoring_alert_policy.echecs":     "google_logging_metric.echecs.name",
		"google_monitoring_alert_policy.abandons":   "google_logging_metric.abandons.name",
	}
	thresholds, _ := c.scope().eval(c.variables["alert_thresholds"].Body.Attributes["default"].Expr).(map[string]any)
	wantKeys := append(append(slices.Sorted(maps.Keys(perReport)), slices.Sorted(maps.Keys(shares))...), "abandons", "echecs")
	slices.Sort(wantKeys)
	if diff := cmp.Diff(wantKeys, slices.Sorted(maps.Keys(thresholds))); diff != "" {
		t.Errorf("alert_thresholds' keys are not the watched rates (-want +got):\n%s", diff)
	}
	ops := string(readFile(t, filepath.Join(root, "docs", "operations.md")))
	for _, key := range wantKeys {
		if !regexp.MustCompile(`(?m)^#+ .*\b` + key + `\b`).MatchString(ops) {
			t.Errorf("docs/operations.md has no section for %s, which its alert points to", key)
		}
	}
	for _, addr := range sortedKeys(c.resources) {
		if strings.HasPrefix(addr, "google_monitoring_alert_policy.") && alerts[addr] == "" {
			t.Errorf("%s: an alert this test does not know", addr)
		}
	}
	for addr, metric := range alerts {
		for _, i := range c.instances(t, addr) {
			if a, ok := i.body.Attributes["notification_channels"]; !ok || i.scope.source(a.Expr.Range()) != "var.notification_channels" {
				t.Errorf("%s does not notify var.notification_channels", i.name)
			}
			// The instance's own metric: per_report["relectures"] watches
			// per_report["relectures"].
			own := strings.Replace(metric, "[each.key]", strings.TrimPrefix(i.name, addr), 1)
			filter := text(i.get("conditions", "condition_threshold", "filter"))
			if !strings.Contains(filter, `metric.type="logging.googleapis.com/user/${`+own+`}"`) {
				t.Errorf("%s watches %q, want %s", i.name, filter, own)
			}
			if v, ok := i.get("conditions", "condition_threshold", "threshold_value").(float64); !ok || v < 0 {
				t.Errorf("%s: threshold %v, want a value of var.alert_thresholds", i.name, i.get("conditions", "condition_threshold", "threshold_value"))
			}
			if doc := text(i.get("documentation", "content")); !strings.Contains(doc, "docs/operations.md") {
				t.Errorf("%s: documentation %q does not say where the alert is explained", i.name, doc)
			}
		}
	}

	// Every metric on the dashboard.
	watched := string(c.scope().source(c.locals["watched_metrics"].Expr.Range()))
	for _, addr := range sortedKeys(c.resources) {
		if strings.HasPrefix(addr, "google_logging_metric.") && !strings.Contains(watched, addr) {
			t.Errorf("%s is not on the dashboard (local.watched_metrics)", addr)
		}
	}
	if d := text(c.instances(t, "google_monitoring_dashboard.rates")[0].get("dashboard_json")); !strings.Contains(d, "local.watched_metrics") {
		t.Errorf("the dashboard charts %q, want local.watched_metrics", d)
	}
}

// TestInfraStateBackend: the state holds the viewer's form key, so it lives
// in the platform team's versioned GCS bucket, named at init (a partial
// configuration), and no state file can be committed.
func TestInfraStateBackend(t *testing.T) {
	t.Parallel()
	c := loadInfra(t)
	var backends []string
	for _, b := range c.blocks {
		if b.Type != "terraform" {
			continue
		}
		for _, inner := range b.Body.Blocks {
			if inner.Type == "backend" {
				backends = append(backends, strings.Join(inner.Labels, "."))
				if len(inner.Body.Attributes) != 0 {
					t.Errorf("backend %v sets %v in the code; the bucket is named at init (-backend-config)", inner.Labels, slices.Sorted(maps.Keys(inner.Body.Attributes)))
				}
			}
		}
	}
	if !slices.Equal(backends, []string{"gcs"}) {
		t.Errorf("backends %v, want one gcs backend", backends)
	}
	ignore := strings.Fields(string(readFile(t, filepath.Join(filepath.Dir(c.dir), ".gitignore"))))
	for _, pattern := range []string{"*.tfstate", "*.tfstate.*", ".terraform/"} {
		if !slices.Contains(ignore, pattern) {
			t.Errorf(".gitignore does not ignore %s", pattern)
		}
	}
	readme := string(readFile(t, filepath.Join(c.dir, "README.md")))
	for _, want := range []string{"--versioning", "-backend-config"} {
		if !strings.Contains(readme, want) {
			t.Errorf("infra/README.md does not say how to make the state bucket (%s)", want)
		}
	}
	if _, err := os.Stat(filepath.Join(c.dir, "terraform.tfstate")); err == nil {
		t.Error("infra/terraform.tfstate exists: the state belongs in the GCS backend")
	}
}
