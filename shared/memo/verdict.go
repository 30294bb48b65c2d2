package memo

import (
	"fmt"
	"strings"

	"analyste.dev/analyste/shared/facts"
)

// Assessment is everything the verification learnt about one claim.
type Assessment struct {
	Claim     Claim
	Judge     string // who judged: the model, or the offline rule
	Judgement Judgement
	// JudgedFactCited is false when the judge relied on a fact the claim
	// does not cite.
	JudgedFactCited bool
	// FactGap lists the claim's numbers that differ from the judged fact's,
	// empty when they are all equal.
	FactGap   string
	Defects   []Defect // deterministic defects of the claim and of its paragraph
	Conflicts []Conflict
	// Unverified are the cited facts whose fields were not all verified.
	Unverified []facts.Fact
}

// ClaimVerdict is the outcome of one claim.
type ClaimVerdict struct {
	Paragraph int      `json:"paragraphe"`
	Claim     string   `json:"affirmation"`
	Sources   []string `json:"sources"`
	Judge     string   `json:"juge"`
	Judgement
	Status Status `json:"statut"`
	Step   Step   `json:"controle,omitempty"` // where it stopped, empty when published
	Reason string `json:"motif,omitempty"`
}

// Decision is the memo's status with its reason and each claim's outcome.
type Decision struct {
	Status   Status
	Reason   string
	Verdicts []ClaimVerdict
}

// Decide applies the verdict rules, fixed in advance. A claim is bloque when
// the judge says contredit or one of its numbers differs from its fact (not
// found in its cited facts, or not equal to the judged fact's); it is in
// abstention when its paragraph lacks a valid source, when two cited facts
// give different values for the same figure and year, when the judge says
// neutre or relies on a fact the claim does not cite; otherwise it is
// publie. The memo is bloque if any claim is or it contradicts itself
// (StepCoherence), otherwise in abstention if any
// claim is or a memo-level defect exists, otherwise publie. Publishing only
// the supported part would need a written partial-answer rule: there is
// none.
func Decide(as []Assessment, memoDefects []Defect) Decision {
	d := Decision{Status: Published}
	var blocked, abstained []string
	for _, a := range as {
		v := decideClaim(a)
		d.Verdicts = append(d.Verdicts, v)
		line := fmt.Sprintf("paragraphe %d, « %s » : %s", v.Paragraph, v.Claim, v.Reason)
		switch v.Status {
		case Blocked:
			blocked = append(blocked, line)
		case Abstained:
			abstained = append(abstained, line)
		}
	}
	for _, def := range memoDefects {
		if def.Step == StepCoherence { // the memo contradicts itself or its facts
			blocked = append(blocked, def.Message)
			continue
		}
		abstained = append(abstained, def.Message)
	}
	switch {
	case len(blocked) > 0:
		d.Status = Blocked
		d.Reason = fmt.Sprintf("%d affirmation(s) bloquée(s) : %s", len(blocked), strings.Join(blocked, " ; "))
	case len(abstained) > 0:
		d.Status = Abstained
		d.Reason = fmt.Sprintf("abstention sur %d point(s) : %s", len(abstained), strings.Join(abstained, " ; "))
	case len(as) == 0:
		d.Status = Abstained
		d.Reason = "le mémo ne contient aucune affirmation"
	default:
		d.Reason = fmt.Sprintf("les %d affirmations sont soutenues par leurs faits", len(as))
	}
	return d
}

func decideClaim(a Assessment) ClaimVerdict {
	v := ClaimVerdict{
		Paragraph: a.Claim.Paragraph, Claim: a.Claim.Text, Sources: a.Claim.Sources,
		Judge: a.Judge, Judgement: a.Judgement, Status: Published,
	}
	stop := func(s Status, step Step, reason string) ClaimVerdict {
		v.Status, v.Step, v.Reason = s, step, reason
		return v
	}
	numbers, sources := messages(a.Defects, StepNumbers), messages(a.Defects, StepSources)
	switch {
	case a.Judgement.Verdict == Contradicted:
		return stop(Blocked, StepJudge, fmt.Sprintf("le juge la dit contredite par %s : %s", orNone(a.Judgement.Fact), a.Judgement.Reason))
	case len(numbers) > 0:
		return stop(Blocked, StepNumbers, strings.Join(numbers, " ; "))
	case a.Judgement.Verdict == Supported && a.FactGap != "":
		return stop(Blocked, StepJudge, fmt.Sprintf("ses nombres diffèrent du fait %s : %s", a.Judgement.Fact, a.FactGap))
	case len(sources) > 0:
		return stop(Abstained, StepSources, strings.Join(sources, " ; "))
	case len(a.Unverified) > 0:
		list := make([]string, len(a.Unverified))
		for i, f := range a.Unverified {
			list[i] = unverifiedReason(f)
		}
		return stop(Abstained, StepEvidence, strings.Join(list, " ; "))
	case len(a.Conflicts) > 0:
		var list []string
		for _, c := range a.Conflicts[:min(len(a.Conflicts), listed)] {
			list = append(list, c.String())
		}
		if more := len(a.Conflicts) - listed; more > 0 {
			list = append(list, fmt.Sprintf("et %d autre(s)", more))
		}
		return stop(Abstained, StepConflict, strings.Join(list, " ; "))
	case a.Judgement.Verdict != Supported:
		return stop(Abstained, StepJudge, "le juge ne tranche pas : "+a.Judgement.Reason)
	case !a.JudgedFactCited:
		return stop(Abstained, StepJudge, fmt.Sprintf("le juge s'appuie sur %s, qui n'est pas cité", orNone(a.Judgement.Fact)))
	}
	return v
}

// unverifiedReason says why a fact is not verified and where to look.
func unverifiedReason(f facts.Fact) string {
	state := "non vérifié"
	if f.State == facts.Unavailable {
		state = "non disponible"
	}
	reasons := f.Reasons
	if len(reasons) == 0 {
		reasons = []string{"aucune preuve enregistrée pour ce fait"}
	}
	out := fmt.Sprintf("%s %s : %s", f.ID, state, strings.Join(reasons, " ; "))
	if where := facts.Where(f.Fields); len(where) > 0 {
		out += " (lignes à revoir : " + strings.Join(where, " ; ") + ")"
	}
	return out
}

func messages(ds []Defect, step Step) []string {
	var out []string
	for _, d := range ds {
		if d.Step == step {
			out = append(out, d.Message)
		}
	}
	return out
}

func orNone(id string) string {
	if id == "" {
		return "aucun fait nommé"
	}
	return id
}
