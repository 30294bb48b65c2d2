package viewer

import (
	"cmp"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"analyste.dev/analyste/shared/platform"
)

// ReviewConfig is where the reviewers' writes go (resolutions, corrections,
// memo versions) and how corrections are applied.
type ReviewConfig struct {
	// Database is the review database (ANALYSTE_REVIEW_DATABASE,
	// DefaultReviewDatabase when unset): the only one the viewer writes.
	Database string
	// Checker makes a second reviewer apply each correction
	// (ANALYSTE_CORRECTIONS_CHECKER, true or false; false when unset).
	Checker bool
	// Hosts are the hosts, besides loopback and Google's, that the review
	// actions accept (ANALYSTE_VIEWER_HOSTS, comma-separated): a custom
	// domain in front of the viewer.
	Hosts []string
}

// The variables of the review's configuration (and HostsVar).
const (
	ReviewDatabaseVar = "ANALYSTE_REVIEW_DATABASE"
	CheckerVar        = "ANALYSTE_CORRECTIONS_CHECKER"
)

// DefaultReviewDatabase is the review database's name when none is set
// (`make run`'s emulator creates it at the first write).
const DefaultReviewDatabase = "analyste-revue"

// databaseName is a Firestore database id.
var databaseName = regexp.MustCompile(`^[a-z][a-z0-9-]{2,61}[a-z0-9]$`)

func reviewConfigFromEnv(getenv func(string) string) (ReviewConfig, error) {
	c := ReviewConfig{Database: cmp.Or(getenv(ReviewDatabaseVar), DefaultReviewDatabase)}
	var errs []string
	if !databaseName.MatchString(c.Database) {
		errs = append(errs, fmt.Sprintf("%s : %q n'est pas un nom de base Firestore", ReviewDatabaseVar, c.Database))
	}
	if v := getenv(CheckerVar); v != "" {
		b, err := strconv.ParseBool(v)
		if err != nil {
			errs = append(errs, fmt.Sprintf("%s : %q, true ou false attendu", CheckerVar, v))
		}
		c.Checker = b
	}
	for h := range strings.SplitSeq(getenv(HostsVar), ",") {
		if h = strings.ToLower(strings.TrimSpace(h)); h != "" {
			c.Hosts = append(c.Hosts, h)
		}
	}
	if len(errs) > 0 {
		return c, fmt.Errorf("%s", strings.Join(errs, " ; "))
	}
	return c, nil
}

// data is the data configuration of the review database.
func (c ReviewConfig) data(d platform.DataConfig) platform.DataConfig {
	d.Database = c.Database
	return d
}
