package viewer

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestReviewConfigFromEnv(t *testing.T) {
	cases := []struct {
		name   string
		env    map[string]string
		want   ReviewConfig
		errHas string
	}{
		{name: "defaults", want: ReviewConfig{Database: DefaultReviewDatabase}},
		{name: "set", env: map[string]string{ReviewDatabaseVar: "revue-credit", CheckerVar: "true", HostsVar: " Credit.Example.com, ,analyste.example.org"},
			want: ReviewConfig{Database: "revue-credit", Checker: true, Hosts: []string{"credit.example.com", "analyste.example.org"}}},
		{name: "checker off", env: map[string]string{CheckerVar: "false"}, want: ReviewConfig{Database: DefaultReviewDatabase}},
		{name: "checker not a boolean", env: map[string]string{CheckerVar: "oui"}, errHas: CheckerVar},
		{name: "database not an id", env: map[string]string{ReviewDatabaseVar: "Revue_1"}, errHas: ReviewDatabaseVar},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, err := reviewConfigFromEnv(func(k string) string { return tc.env[k] })
			if tc.errHas != "" {
				if err == nil || !strings.Contains(err.Error(), tc.errHas) {
					t.Fatalf("error %v, want one naming %s", err, tc.errHas)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}
