package facts

import (
	"fmt"
	"strings"

	"analyste.dev/analyste/shared/checks"
)

// QualityFacts says, for the memo's sections on the information and what to
// verify, what the checks and the facts' evidence give: K-<slug>-qualite
// counts the checks passed, failed and not verifiable and the facts not
// verified; K-<slug>-points lists what a person should look at, or says
// there is nothing.
func QualityFacts(company string, cs []checks.Check, fs []Fact) []Fact {
	slug := Slug(company)
	count := map[checks.Status]int{}
	var points []string
	for _, c := range cs {
		count[c.Status]++
		if c.Status == checks.Failed {
			points = append(points, "contrôle en échec : "+c.Message)
		}
	}
	unverified := 0
	for _, f := range fs {
		if f.Verified() {
			continue
		}
		unverified++
		if f.State == Unverified {
			points = append(points, f.ID+" non vérifié")
		}
	}
	for _, f := range fs {
		if strings.HasPrefix(f.ID, "A-") { // an alert is a point to verify: never "rien à signaler" under it
			points = append(points, "alerte "+f.ID+" : "+strings.TrimPrefix(f.Text, company+" - "))
		}
		if strings.Contains(f.Text, "selon une autre définition") {
			points = append(points, "définition du ratio du covenant : le levier calculé sur les comptes diffère du ratio publié ("+f.ID+")")
		}
	}
	list := "rien à signaler"
	if len(points) > 0 {
		list = strings.Join(points, " ; ")
	}
	quality := fmt.Sprintf("%s - Qualité de l'information : %d contrôles comptables conformes, %d en échec, %d non vérifiables ; %d faits non vérifiés sur %d",
		company, count[checks.Passed], count[checks.Failed], count[checks.Unverifiable], unverified, len(fs))
	if count[checks.Failed] == 0 && count[checks.Unverifiable] == 0 && unverified == 0 { // the zeros said in words
		quality = fmt.Sprintf("%s - Qualité de l'information : %d contrôles comptables conformes sur %d ; tous les faits vérifiés", company, count[checks.Passed], len(cs))
	}
	return []Fact{
		{ID: "K-" + slug + "-qualite", State: Verified, Text: quality},
		{ID: "K-" + slug + "-points", State: Verified, Text: company + " - Points à vérifier : " + list},
	}
}
