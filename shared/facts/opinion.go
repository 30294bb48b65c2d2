package facts

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"analyste.dev/analyste/shared/ratios"
)

// The proposed opinions, best first; the memo's OpinionLevel has the same
// values.
const (
	LevelFavorable           = "favorable"
	LevelFavorableConditions = "favorable_sous_conditions"
	LevelReserved            = "reserve"
	LevelUnfavorable         = "defavorable"
)

// LevelLabels write the levels as a reader does.
var LevelLabels = map[string]string{
	LevelFavorable: "favorable", LevelFavorableConditions: "favorable sous conditions",
	LevelReserved: "réservé", LevelUnfavorable: "défavorable",
}

// LevelRank orders the levels, best first.
var LevelRank = map[string]int{LevelFavorable: 0, LevelFavorableConditions: 1, LevelReserved: 2, LevelUnfavorable: 3}

// Proposal is the opinion proposed to the analyst: its level, at most
// three reasons (gravest first) and the conditions or questions for the
// borrower, among them the documents to request.
type Proposal struct {
	Level      string   `json:"niveau"`
	Reasons    []string `json:"raisons"`
	Conditions []string `json:"conditions,omitempty"`
	// Requests are the documents without which the file cannot carry a
	// memo (dossier insuffisant); empty when it can.
	Requests []string `json:"documents_a_demander,omitempty"`
	// Basis are the facts the level and the reasons rest on: an opinion is
	// no better verified than they are (OpinionFact).
	Basis []string `json:"fondement,omitempty"`
}

// alertReasons word an alert as a reason, without its figures (the key
// figures and the sections give them once); alertConditions are what the
// lender asks for under it.
var (
	alertReasons = map[string]string{
		ratios.RuleNegativeEBITDA: "EBITDA négatif", ratios.RuleNegativeEquity: "capitaux propres négatifs",
		ratios.RuleLeverage: "levier au-dessus du seuil d'alerte", ratios.RuleDividends: "dividendes versés malgré un free cash-flow négatif",
		ratios.RuleNegativeFCF: "free cash-flow négatif", ratios.RuleNetLoss: "perte nette", ratios.RuleLowCover: "couverture des frais financiers sous le seuil",
		ratios.RuleCashDrop: "trésorerie en forte baisse", ratios.RuleShortTermDebt: "échéances à moins d'un an supérieures à la trésorerie et aux lignes",
	}
	alertConditions = map[string]string{
		ratios.RuleLeverage:  "plan de désendettement chiffré",
		ratios.RuleDividends: "suspension des dividendes tant que le free cash-flow est négatif",
	}
)

// unpublishedLevel: a covenant fact says the report gives its limit but
// not the ratio tested against it (shared/covenants).
var unpublishedLevel = regexp.MustCompile(`\b(sans|aucun) niveau publié`)

// maxReasons bounds the reasons a proposal gives.
const maxReasons = 3

// watchLimit: this many points of vigilance together make the opinion
// réservé rather than favorable sous conditions.
const watchLimit = 3

// Propose applies the written rules to the facts (see docs/memo-rubric.md):
//   - défavorable: the auditor disclaims or refuses an opinion, or a
//     covenant is breached while the twelve-month sources fall short of the
//     uses or going concern is uncertain;
//   - réservé: an uncertainty on going concern (auditor's report or a
//     critical signal), a covenant breach, sources below uses, a qualified
//     opinion, a negative EBITDA or equity, a file that cannot carry a memo,
//     or watchLimit points of vigilance;
//   - favorable sous conditions: at least one point of vigilance (a
//     covenant headroom under the alert threshold, an alert on leverage,
//     cash flow, losses, dividends, cover or cash, an auditor's
//     observation, debt maturities not published);
//   - favorable otherwise.
//
// So a going-concern uncertainty, a covenant breach or sources below uses
// never give favorable. years are the report's years, latest first.
func Propose(fs []Fact, years []int) Proposal {
	var grave, watch, reasons, conditions []string
	var p Proposal
	unfavorable := false
	var audit *Audit
	var flows *Flows
	breach, tight, goingConcern, undrawn, loans, noLevel := false, false, false, false, false, false
	use := func(f Fact) { p.Basis = append(p.Basis, f.ID) }
	for _, f := range fs {
		kind, key := splitID(f.ID)
		switch {
		case f.Audit != nil:
			audit = f.Audit
			use(f)
		case f.Flows != nil:
			flows = f.Flows
			use(f)
		case kind == "C" && strings.HasPrefix(key, "covenant-") && strings.Contains(f.Text, "soit un dépassement"):
			breach = true
			use(f)
		case kind == "C" && strings.HasPrefix(key, "covenant-") && f.Figure != nil && f.Figure.Type == "covenant" && unpublishedLevel.MatchString(f.Text):
			noLevel = true
			use(f)
		case kind == "A":
			// Every alert weighs: the covenant's below, the others' reasons
			// after.
			use(f)
			if f.Rule == ratios.RuleCovenant && strings.Contains(f.Text, " dépassé") {
				breach = true
			} else if f.Rule == ratios.RuleCovenant {
				tight = true
			}
		case kind == "Q" && f.Critical && f.Category == "continuite_exploitation":
			goingConcern = true
			use(f)
		case kind == "Q" && f.Critical && strings.Contains(f.Category, "covenant"):
			breach = true
			use(f)
		}
		if f.Figure != nil && f.Figure.Type == figureUndrawn {
			undrawn = true
			use(f)
		}
		if f.Figure != nil && f.Figure.Type == FigureNetDebtScope && f.Verified() && strings.Contains(f.Text, onDemand) {
			loans = true
		}
	}
	if audit != nil && audit.GoingConcern {
		goingConcern = true
	}
	short := flows != nil && flows.Cover != nil && *flows.Cover < 1
	if goingConcern {
		grave = append(grave, "incertitude significative sur la continuité d'exploitation")
		conditions = append(conditions, "confirmation écrite du refinancement ou du soutien des prêteurs avant toute décision")
	}
	if audit != nil {
		switch audit.Opinion {
		case OpinionDisclaimed, OpinionAdverse:
			unfavorable = true
			grave = append(grave, "opinion d'audit : "+audit.Opinion)
		case OpinionQualified:
			grave = append(grave, "opinion d'audit : "+audit.Opinion)
			conditions = append(conditions, "lettre du commissaire aux comptes détaillant la réserve et son incidence chiffrée")
		}
	}
	if breach {
		grave = append(grave, "covenant dépassé")
		conditions = append(conditions, "renonciation écrite des prêteurs (waiver) au bris du covenant")
		unfavorable = unfavorable || short || goingConcern
	}
	if short {
		grave = append(grave, "sources de liquidité à douze mois inférieures aux emplois")
		conditions = append(conditions, "plan de trésorerie mensuel à douze mois et confirmation des financements attendus")
	}
	if tight && !breach {
		watch = append(watch, "marge du covenant sous le seuil d'alerte")
		conditions = append(conditions, "attestation de covenant au prochain test et marge prévisionnelle")
		if undrawn {
			conditions = append(conditions, "confirmation que les lignes non tirées restent disponibles si le covenant est dépassé")
		}
	}
	for _, f := range fs {
		kind, _ := splitID(f.ID)
		if kind != "A" {
			continue
		}
		// The reasons name what is wrong; the figures are in the sections.
		if r, ok := alertReasons[f.Rule]; ok {
			if f.Rule == ratios.RuleNegativeEBITDA || f.Rule == ratios.RuleNegativeEquity {
				grave = append(grave, r)
			} else {
				watch = append(watch, r)
			}
		}
		if c, ok := alertConditions[f.Rule]; ok {
			conditions = append(conditions, c)
		}
	}
	if audit != nil && audit.Observation && !goingConcern {
		watch = append(watch, "observation du commissaire aux comptes")
	}
	if flows != nil && flows.Cover == nil {
		watch = append(watch, "échéances de la dette à moins d'un an non publiées")
		conditions = append(conditions, "échéancier de la dette")
	}
	if noLevel && !breach {
		// No headroom can be said on the contract's definition.
		conditions = append(conditions, "attestation de respect du covenant au dernier test (niveau du ratio, date de test) et conséquences d'un bris prévues au contrat de crédit")
	}
	if loans {
		conditions = append(conditions, "convention de blocage ou de subordination des comptes courants d'associés")
	}
	var basis []string
	p.Requests, basis = requests(fs, years, audit, flows)
	p.Basis = append(p.Basis, basis...)
	switch {
	case unfavorable:
		p.Level = LevelUnfavorable
	case len(grave) > 0 || len(p.Requests) > 0 || len(watch) >= watchLimit:
		p.Level = LevelReserved
	case len(watch) > 0:
		p.Level = LevelFavorableConditions
	default:
		p.Level = LevelFavorable
	}
	reasons = append(grave, watch...)
	if len(p.Requests) > 0 {
		reasons = append([]string{"dossier insuffisant pour une analyse de crédit"}, reasons...)
	}
	switch p.Level {
	case LevelReserved:
		// What weighs for the borrower completes the reasons, named so.
		for i, s := range strengths(fs, audit, flows) {
			if i == 0 {
				s = "en faveur de l'emprunteur : " + s
			}
			reasons = append(reasons, s)
		}
	case LevelFavorable, LevelFavorableConditions:
		reasons = append(reasons, strengths(fs, audit, flows)...)
	}
	p.Reasons = firstUnique(reasons, maxReasons)
	p.Conditions = firstUnique(append(p.Requests, conditions...), 2*maxReasons)
	return p
}

// requests are the documents a file lacks to carry a memo: the previous
// year's accounts, a cash-flow table (or the debt schedule) for a borrower
// with debt; and the facts that tell it.
func requests(fs []Fact, years []int, audit *Audit, flows *Flows) (out, basis []string) {
	if len(years) < 2 {
		out = append(out, "comptes de l'exercice précédent")
	}
	fcf, debt := false, false
	for _, f := range fs {
		_, key := splitID(f.ID)
		switch key {
		case "free-cash-flow":
			fcf = !strings.Contains(f.Text, ratios.NotAvailable)
			basis = append(basis, f.ID)
		case "dette-nette":
			debt = !strings.Contains(f.Text, ratios.NotAvailable)
			basis = append(basis, f.ID)
		}
	}
	if debt && !fcf {
		out = append(out, "tableau des flux de trésorerie")
		if flows == nil || flows.Cover == nil {
			out = append(out, "échéancier de la dette")
		}
	}
	if len(out) > 0 && audit == nil {
		out = append(out, "annexe et rapport du commissaire aux comptes")
	}
	return out, basis
}

// strengths are the reasons of a favorable opinion, without their
// figures: the cover of the uses, the audit opinion, a leverage under the
// alert threshold (no leverage alert stands then).
func strengths(fs []Fact, audit *Audit, flows *Flows) []string {
	var out []string
	switch {
	case flows != nil && flows.Cover != nil && *flows.Cover >= 1:
		out = append(out, "sources de liquidité à douze mois couvrant les emplois")
	case flows != nil && flows.Cover == nil && flows.MinCover != nil && *flows.MinCover >= 1:
		out = append(out, "sources de liquidité à douze mois couvrant toute la dette financière")
	}
	if audit != nil && !audit.Modified() {
		out = append(out, "comptes certifiés sans réserve")
	}
	for _, f := range fs {
		if f.Rule == ratios.RuleLeverage {
			return out
		}
	}
	for _, f := range fs {
		if _, key := splitID(f.ID); key == "levier" && f.Verified() && !strings.Contains(f.Text, ratios.NotSignificant) && !strings.Contains(f.Text, ratios.NotAvailable) {
			out = append(out, "levier sous le seuil d'alerte")
		}
	}
	return out
}

func firstUnique(list []string, n int) []string {
	var out []string
	for _, s := range list {
		if s != "" && len(out) < n && !contains(out, s) {
			out = append(out, s)
		}
	}
	return out
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// splitID splits "C-ferlac-covenant-1" into "C" and "covenant-1".
func splitID(id string) (kind, key string) {
	parts := strings.SplitN(id, "-", 3)
	if len(parts) < 3 {
		return "", ""
	}
	return parts[0], parts[2]
}

// OpinionFact is the proposal as a fact, K-<slug>-avis, that the memo
// restates: its sentences carry every figure of its reasons, copied from
// the facts they come from. It is verified when every fact it rests on
// is (an unavailable one states an absence, which is verified too): an
// opinion drawn from an alert whose field failed a check is no better
// than the alert, and the memo that states it goes to a person.
func OpinionFact(company string, fs []Fact, years []int) Fact {
	p := Propose(fs, years)
	text := fmt.Sprintf("%s - Avis proposé, que l'analyste décide : %s. Raisons : %s.", company, LevelLabels[p.Level], strings.Join(p.Reasons, " ; "))
	if len(p.Requests) > 0 {
		text += " Documents à demander : " + strings.Join(p.Requests, " ; ") + "."
	}
	if c := without(p.Conditions, p.Requests); len(c) > 0 {
		text += " Conditions et questions à l'emprunteur : " + strings.Join(c, " ; ") + "."
	}
	f := Fact{ID: "K-" + Slug(company) + "-avis", State: Verified, Text: text, Proposal: &p}
	for _, b := range fs {
		if b.State == Unverified && slices.Contains(p.Basis, b.ID) {
			f.State = Unverified
			f.Reasons = append(f.Reasons, "l'avis repose sur un fait non vérifié : "+b.ID)
		}
	}
	return f
}

func without(list, drop []string) []string {
	var out []string
	for _, s := range list {
		if !contains(drop, s) {
			out = append(out, s)
		}
	}
	return out
}
