package viewer

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"analyste.dev/analyste/shared/frnum"
	"analyste.dev/analyste/shared/pdftext"
	"analyste.dev/analyste/shared/pipeline"
	"analyste.dev/analyste/shared/quotes"
	"analyste.dev/analyste/shared/schema"
	"analyste.dev/analyste/shared/statements"
	"analyste.dev/analyste/shared/store"
)

// Corrector records and reads the corrections of readings, the memo
// versions they give, the decisions on a hand-off's causes and the
// resolutions; *store.Review is one, over the review database.
type Corrector interface {
	Decide(ctx context.Context, d schema.CauseDecision) error
	Decisions(ctx context.Context, id string) (map[string]schema.CauseDecision, error)
	Correct(ctx context.Context, key string, c schema.Correction, recompute store.Recompute) (int, error)
	Recorded(ctx context.Context, key string) (bool, error)
	Check(ctx context.Context, key string, check schema.CorrectionCheck, recompute store.Recompute) (int, error)
	Corrections(ctx context.Context, id string) ([]store.Keyed, error)
	Revisions(ctx context.Context, id string) ([]schema.Revision, error)
	Revision(ctx context.Context, id string, n int) (schema.Revision, bool, error)
	Latest(ctx context.Context, ids []string) (map[string]schema.Revision, error)
	Resolutions(ctx context.Context, ids []string) (map[string]schema.Resolution, error)
}

// reviser recomputes a corrected reading with the chain's code, offline:
// the viewer calls no model.
var reviser = pipeline.New(nil, pipeline.Options{Limits: pdftext.DefaultLimits()})

// chainInputs are what a correction recomputes from: the stored reading,
// the signals and the page texts.
type chainInputs struct {
	ex    schema.ExtractionRecord
	sig   schema.SignalsRecord
	texts []string
}

// inputs reads them, answering why it cannot.
func (v *viewer) inputs(w http.ResponseWriter, r *http.Request, id string) (chainInputs, bool) {
	var in chainInputs
	if err := v.read.Document(r.Context(), schema.Extractions, id, &in.ex); err != nil {
		v.readFailed(w, r, "La lecture du rapport "+id, err)
		return in, false
	}
	if err := v.read.Document(r.Context(), schema.Signals, id, &in.sig); err != nil {
		v.readFailed(w, r, "Les signaux du rapport "+id+" (une correction attend la fin de la chaîne)", err)
		return in, false
	}
	if in.ex.PageTexts == "" {
		v.fail(w, r, http.StatusConflict, "Les textes des pages de ce rapport n'ont pas été conservés : sa lecture ne peut pas être recalculée.", nil)
		return in, false
	}
	texts, err := v.read.PageTexts(r.Context(), in.ex.PageTexts)
	if err != nil {
		v.readFailed(w, r, "Le texte des pages du rapport "+id, err)
		return in, false
	}
	in.texts = texts
	return in, true
}

// recompute is the chain's recomputation of in under corrections.
func (in chainInputs) recompute(ctx context.Context, cs []schema.Correction) (schema.Revision, error) {
	rv, err := reviser.Revise(ctx, in.ex, in.sig, in.texts, cs)
	return schema.Revision{Extraction: rv.Extraction, SignalFacts: rv.SignalFacts, Memo: rv.Memo}, err
}

// current is the reading as the latest version has it: the chain's, or
// the last revision's.
func (v *viewer) current(ctx context.Context, id string, ex schema.ExtractionRecord) (schema.ExtractionRecord, *schema.Revision, error) {
	revs, err := v.corrections.Revisions(ctx, id)
	if err != nil || len(revs) == 0 {
		return ex, nil, err
	}
	last, ok, err := v.corrections.Revision(ctx, id, revs[len(revs)-1].Version)
	if err != nil || !ok {
		return ex, nil, err
	}
	return last.Extraction, &last, nil
}

// parseCorrection reads the form's field, value and reason against the
// reading they correct.
func parseCorrection(form url.Values, ex schema.ExtractionRecord) (schema.Correction, error) {
	get := func(k string) string {
		if vs := form[k]; len(vs) > 0 {
			return strings.TrimSpace(quotes.Sanitize(vs[0]))
		}
		return ""
	}
	c := schema.Correction{Field: get("champ")}
	after := get("apres")
	var err error
	if c.Reason, err = written(form, "motif", "il dit ce que la page imprime et où"); err != nil {
		return c, err
	}
	if strings.HasPrefix(c.Field, schema.RoleField+"|") {
		return parseRole(c, get("role"), ex)
	}
	if c.Field == schema.CompanyField {
		switch n := utf8.RuneCountInString(after); {
		case n == 0:
			return c, errors.New("la dénomination corrigée est vide")
		case n > maxName:
			return c, fmt.Errorf("la dénomination dépasse %d caractères", maxName)
		}
		c.Before, c.After = ex.Borrower(), after
		return c, nil
	}
	year, key, ok := strings.Cut(c.Field, "|")
	y, err := strconv.Atoi(year)
	k, known := statements.ParseKey(key)
	if !ok || err != nil || !known {
		return c, errors.New("choisissez le champ à corriger dans la liste")
	}
	read, ok := ex.Years[y]
	if !ok {
		return c, fmt.Errorf("l'exercice %d n'a pas été lu", y)
	}
	c.Field, c.Year = k.String(), y
	c.Before = schema.FormatAmount(read.Get(k))
	if after != "" {
		ns := frnum.Parse(after)
		if len(ns) != 1 || strings.ContainsFunc(after, func(r rune) bool { return r >= 'A' && r <= 'z' }) {
			return c, fmt.Errorf("« %s » n'est pas un montant : écrivez-le en k€ comme la lecture, par exemple -1 234,5", after)
		}
		c.After = schema.FormatAmount(ns[0].Value, true)
	}
	if c.After == c.Before {
		return c, errors.New("la valeur corrigée est celle déjà lue")
	}
	return c, nil
}

// parseRole reads a line's role correction: c.Field is "role|T|L" (the
// table and line, from 1, in the reading's transcription), after the new
// role as "bilan.autres_passifs".
func parseRole(c schema.Correction, after string, ex schema.ExtractionRecord) (schema.Correction, error) {
	if ex.Reading == nil {
		return c, pipeline.ErrNoReading
	}
	var t, l int
	if _, err := fmt.Sscanf(c.Field, schema.RoleField+"|%d|%d", &t, &l); err != nil || t < 1 || l < 1 ||
		t > len(ex.Reading.Transcription.Tables) || l > len(ex.Reading.Transcription.Tables[t-1].Lines) {
		return c, errors.New("choisissez la ligne dans la liste")
	}
	tab := ex.Reading.Transcription.Tables[t-1]
	line := tab.Lines[l-1]
	if line.Category == statements.Subtotal {
		return c, errors.New("un sous-total imprimé n'a pas de rôle à corriger : corrigez les lignes qu'il additionne")
	}
	st, cat, _ := strings.Cut(after, ".")
	if statements.Statement(st) != tab.Statement || cat != statements.Other && !slices.Contains(statements.Keys(tab.Statement), cat) {
		return c, fmt.Errorf("choisissez le rôle de la ligne parmi les postes du %s", statementTitles[tab.Statement])
	}
	if cat == line.Category {
		return c, errors.New("la ligne a déjà ce rôle")
	}
	c.Field, c.Table, c.Line, c.Label = schema.RoleField, t, l, clip(line.Label, maxName)
	c.Before, c.After = string(tab.Statement)+"."+line.Category, after
	return c, nil
}

// roleLabel names a line's role as the page shows it.
func roleLabel(role string) string {
	st, cat, _ := strings.Cut(role, ".")
	if cat == statements.Other {
		return "hors dictionnaire (autre)"
	}
	return orSelfKey(statements.Key{Statement: statements.Statement(st), Name: cat})
}

// lineOptions are the printed lines of the reading whose role may be
// corrected (every one but the subtotals), each with its role and amounts.
func lineOptions(ex schema.ExtractionRecord) []fieldOption {
	if ex.Reading == nil {
		return nil
	}
	var out []fieldOption
	for ti, tab := range ex.Reading.Transcription.Tables {
		for li, l := range tab.Lines {
			if l.Category == statements.Subtotal {
				continue
			}
			var amounts []string
			for col, a := range l.Amounts {
				if a != nil && col < len(tab.Years) {
					amounts = append(amounts, fmt.Sprintf("%d : %s", tab.Years[col], frnum.Format(*a)))
				}
			}
			out = append(out, fieldOption{Value: fmt.Sprintf("%s|%d|%d", schema.RoleField, ti+1, li+1),
				Label: fmt.Sprintf("page %d · « %s » — lue comme %s (%s)", tab.Page, clip(l.Label, 80),
					roleLabel(string(tab.Statement)+"."+l.Category), strings.Join(amounts, " ; "))})
		}
	}
	return out
}

// roleGroup is a statement's roles, as the form's list groups them.
type roleGroup struct {
	Title   string
	Options []fieldOption
}

// roleOptions are the roles a line may take, by statement.
func roleOptions() []roleGroup {
	var out []roleGroup
	for _, st := range statements.All {
		g := roleGroup{Title: statementTitles[st]}
		for _, name := range append(slices.Clone(statements.Keys(st)), statements.Other) {
			v := string(st) + "." + name
			g.Options = append(g.Options, fieldOption{Value: v, Label: roleLabel(v)})
		}
		out = append(out, g)
	}
	return out
}

// maxName bounds a corrected name, in characters.
const maxName = 200

// correct records a reviewer's correction: applied at once, a new memo
// version is computed; with a second reviewer required, it waits.
func (v *viewer) correct(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	who, ok := v.reviewAction(w, r, purposeCorrect, id)
	if !ok {
		return
	}
	key := store.CorrectionKey(r.PostForm.Get("jeton"))
	switch done, err := v.corrections.Recorded(r.Context(), key); {
	case err != nil:
		v.fail(w, r, http.StatusInternalServerError, "La correction n'a pas pu être enregistrée ; réessayez dans un instant.", err)
		return
	case done:
		// The same form sent again: what it did stands, nothing is redone.
		http.Redirect(w, r, correctionsURL(id), http.StatusSeeOther)
		return
	}
	in, ok := v.inputs(w, r, id)
	if !ok {
		return
	}
	cur, _, err := v.current(r.Context(), id, in.ex)
	if err != nil {
		v.readFailed(w, r, "Les versions du mémo du rapport "+id, err)
		return
	}
	c, err := parseCorrection(r.PostForm, cur)
	if err != nil {
		v.fail(w, r, http.StatusBadRequest, "Correction refusée : "+err.Error()+".", nil)
		return
	}
	c.Report, c.By, c.At = id, who, v.now().UTC()
	recompute := in.recompute
	if v.checker {
		recompute = nil
	}
	version, err := v.corrections.Correct(r.Context(), key, c, recompute)
	switch {
	case errors.Is(err, store.ErrRecorded):
		// Sent twice at once: the other submission recorded it.
		http.Redirect(w, r, correctionsURL(id), http.StatusSeeOther)
		return
	case errors.Is(err, pipeline.ErrNoReading), errors.Is(err, store.ErrConcurrent), errors.Is(err, store.ErrTooManyCorrections),
		errors.Is(err, store.ErrRevisionTooLarge):
		v.fail(w, r, http.StatusConflict, "Correction non enregistrée : "+err.Error()+".", nil)
		return
	case err != nil:
		v.fail(w, r, http.StatusInternalServerError, "La correction n'a pas pu être enregistrée ; réessayez dans un instant.", err)
		return
	}
	v.log.InfoContext(r.Context(), "lecture corrigée", "rapport", id, "champ", c.Field, "exercice", c.Year, "par", who, "version", version)
	http.Redirect(w, r, correctionsURL(id)+versionAnchor(version), http.StatusSeeOther)
}

// checkCorrection records a second reviewer's decision on a proposed
// correction; accepted, it is applied.
func (v *viewer) checkCorrection(w http.ResponseWriter, r *http.Request) {
	id, key := r.PathValue("id"), r.PathValue("key")
	who, ok := v.reviewAction(w, r, purposeCheck, id+"/"+key)
	if !ok {
		return
	}
	check := schema.CorrectionCheck{Accepted: r.PostForm.Get("decision") == "acceptee", Comment: strings.TrimSpace(quotes.Sanitize(r.PostForm.Get("commentaire"))),
		By: who, At: v.now().UTC()}
	if d := r.PostForm.Get("decision"); d != "acceptee" && d != "refusee" || utf8.RuneCountInString(check.Comment) > MaxComment {
		v.fail(w, r, http.StatusBadRequest, fmt.Sprintf("Choisissez d'accepter ou de refuser la correction (commentaire de %d caractères au plus).", MaxComment), nil)
		return
	}
	in, ok := v.inputs(w, r, id)
	if !ok {
		return
	}
	version, err := v.corrections.Check(r.Context(), key, check, in.recompute)
	switch {
	case errors.Is(err, store.ErrNoCorrection):
		v.fail(w, r, http.StatusNotFound, "Cette correction est introuvable.", nil)
		return
	case errors.Is(err, store.ErrSameReviewer):
		v.fail(w, r, http.StatusForbidden, "Demande refusée : "+err.Error()+".", nil)
		return
	case errors.Is(err, store.ErrDecided), errors.Is(err, store.ErrConcurrent), errors.Is(err, pipeline.ErrNoReading),
		errors.Is(err, store.ErrRevisionTooLarge):
		v.fail(w, r, http.StatusConflict, "Décision non enregistrée : "+err.Error()+".", nil)
		return
	case err != nil:
		v.fail(w, r, http.StatusInternalServerError, "La décision n'a pas pu être enregistrée ; réessayez dans un instant.", err)
		return
	}
	v.log.InfoContext(r.Context(), "correction vérifiée", "rapport", id, "correction", key, "acceptee", check.Accepted, "par", who, "version", version)
	http.Redirect(w, r, correctionsURL(id)+versionAnchor(version), http.StatusSeeOther)
}

// correctionsURL is a report's corrections page.
func correctionsURL(id string) string { return reportURL(id) + "/corrections" }

func versionAnchor(n int) string {
	if n == 0 {
		return "#corrections"
	}
	return "#version-" + strconv.Itoa(n)
}

// correctionPage is the data of correction.html.
type correctionPage struct {
	Title, ID string
	Review    *reviewView
	// Form is nil when the caller is unknown.
	Form    *correctionForm
	Checker bool // a second reviewer applies each correction
	// Count and Max: the corrections recorded and the most a report takes;
	// at Max no form is offered.
	Count, Max int
	History    []correctionRow
	Versions   []schema.Revision
	// Memo is the latest version's memo, from its facts.
	Memo *memoView
	// Changed are the statement lines a correction changed, as the latest
	// version reads them beside the chain's reading.
	Changed []changedRow
}

type correctionForm struct {
	Action, Token, Who string
	Fields             []fieldOption
	// Lines and Roles: the role form's, offered when the reading keeps
	// its transcription; its own token.
	Lines      []fieldOption
	Roles      []roleGroup
	RoleToken  string
	MaxComment int
}

type fieldOption struct{ Value, Label string }

type correctionRow struct {
	store.Keyed
	What, Before, After, State string
	// CheckForm is offered to another reviewer while it waits.
	CheckForm *checkForm
}

type checkForm struct{ Action, Token string }

type changedRow struct {
	What, Chain, Latest string
}

// correctionStates are a correction's states as a reviewer reads them.
var correctionStates = map[schema.CorrectionState]string{
	schema.Proposed: "en attente d'un second relecteur",
	schema.Applied:  "appliquée",
	schema.Refused:  "refusée",
}

// fieldLabel names a correction's field as the page shows it.
func fieldLabel(c schema.Correction) string {
	if c.Field == schema.RoleField {
		return fmt.Sprintf("rôle de la ligne « %s » (tableau %d, ligne %d)", c.Label, c.Table, c.Line)
	}
	if ref, ok := c.Ref(); ok {
		return fmt.Sprintf("%d · %s · %s", ref.Year, statementTitles[ref.Key.Statement], orSelfKey(ref.Key))
	}
	return "dénomination de l'emprunteur"
}

func orSelfKey(k statements.Key) string {
	if l, ok := lineLabels[k]; ok {
		return l
	}
	return k.String()
}

// shownValue writes a correction's value as the page shows it.
func correctedValue(c schema.Correction, v string) string {
	switch c.Field {
	case schema.CompanyField:
		return v
	case schema.RoleField:
		return roleLabel(v)
	}
	f, err := strconv.ParseFloat(v, 64)
	if err != nil {
		return "non imprimé"
	}
	return frnum.Format(f)
}

// fieldOptions are every field of the reading, each year, with its value.
func fieldOptions(ex schema.ExtractionRecord) []fieldOption {
	out := []fieldOption{{Value: schema.CompanyField, Label: "Dénomination de l'emprunteur (lue : " + ex.Borrower() + ")"}}
	for _, y := range statements.YearsDesc(ex.Years) {
		for _, k := range statements.AllKeys() {
			read := "non imprimé"
			if v, ok := ex.Years[y].Get(k); ok {
				read = frnum.Format(v)
			}
			out = append(out, fieldOption{Value: strconv.Itoa(y) + "|" + k.String(),
				Label: fmt.Sprintf("%d · %s · %s (lu : %s)", y, statementTitles[k.Statement], orSelfKey(k), read)})
		}
	}
	return out
}

// correctionsPage shows the corrections of a report, the form that adds
// one, and the latest memo version.
func (v *viewer) correctionsPage(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	id := r.PathValue("id")
	run, ok := v.run(w, r, id)
	if !ok {
		return
	}
	var ex schema.ExtractionRecord
	if err := v.read.Document(ctx, schema.Extractions, id, &ex); err != nil {
		v.readFailed(w, r, "La lecture du rapport "+id, err)
		return
	}
	cur, last, err := v.current(ctx, id, ex)
	if err != nil {
		v.readFailed(w, r, "Les versions du mémo du rapport "+id, err)
		return
	}
	cs, err := v.corrections.Corrections(ctx, id)
	if err != nil {
		v.readFailed(w, r, "Les corrections du rapport "+id, err)
		return
	}
	p := correctionPage{Title: "Corrections — " + cmp.Or(run.Company, run.Source.Object), ID: id, Checker: v.checker, Review: v.reviewOf(r, id)}
	if p.Versions, err = v.corrections.Revisions(ctx, id); err != nil {
		v.readFailed(w, r, "Les versions du mémo du rapport "+id, err)
		return
	}
	who := identity(r)
	p.Count, p.Max = len(cs), schema.MaxCorrections
	if who != "" && p.Count < p.Max {
		p.Form = &correctionForm{Action: correctionsURL(id), Token: v.forms.mint(purposeCorrect, who, id), Who: who,
			Fields: fieldOptions(cur), MaxComment: MaxComment}
		if p.Form.Lines = lineOptions(cur); len(p.Form.Lines) > 0 {
			p.Form.Roles, p.Form.RoleToken = roleOptions(), v.forms.mint(purposeCorrect, who, id)
		}
	}
	for _, c := range cs {
		row := correctionRow{Keyed: c, What: fieldLabel(c.Correction), Before: correctedValue(c.Correction, c.Before), After: correctedValue(c.Correction, c.After),
			State: orSelf(correctionStates, c.State)}
		if c.State == schema.Proposed && who != "" && who != c.By {
			row.CheckForm = &checkForm{Action: correctionsURL(id) + "/" + c.Key, Token: v.forms.mint(purposeCheck, who, id+"/"+c.Key)}
		}
		p.History = append(p.History, row)
	}
	if last != nil {
		sig := schema.SignalsRecord{}
		if err := v.read.Document(ctx, schema.Signals, id, &sig); err != nil && !errors.Is(err, ErrNotFound) {
			v.readFailed(w, r, "Les signaux du rapport "+id, err)
			return
		}
		p.Memo = memoOfResult(id, last.Memo, revisedSignals(sig, ex, last), extractionOf(id, last.Extraction, nil))
		p.Changed = changed(ex, last.Extraction)
	}
	v.render(w, r, http.StatusOK, "correction.html", p)
}

// revisedSignals is sig as a revision shows it: its Q- facts, under the
// corrected name when the revision renamed the borrower, as Revise gave
// them.
func revisedSignals(sig schema.SignalsRecord, chain schema.ExtractionRecord, last *schema.Revision) schema.SignalsRecord {
	if b := last.Extraction.Borrower(); b != chain.Borrower() {
		sig = pipeline.RenameSignals(sig, b, statements.YearsDesc(last.Extraction.Years))
	}
	sig.Facts = last.SignalFacts
	return sig
}

// changed lists what the latest version reads differently from the chain.
func changed(chain, latest schema.ExtractionRecord) []changedRow {
	var out []changedRow
	if chain.Borrower() != latest.Borrower() {
		out = append(out, changedRow{What: "dénomination de l'emprunteur", Chain: chain.Borrower(), Latest: latest.Borrower()})
	}
	for _, y := range statements.YearsDesc(latest.Years) {
		for _, k := range statements.AllKeys() {
			a, okA := chain.Years[y].Get(k)
			b, okB := latest.Years[y].Get(k)
			if a != b || okA != okB {
				out = append(out, changedRow{What: fmt.Sprintf("%d · %s · %s", y, statementTitles[k.Statement], orSelfKey(k)),
					Chain: correctedValue(schema.Correction{}, schema.FormatAmount(a, okA)), Latest: correctedValue(schema.Correction{}, schema.FormatAmount(b, okB))})
			}
		}
	}
	return out
}

// reviewView is what the report page shows of the review: the latest
// memo version and who corrected it, and the links to correct and export.
type reviewView struct {
	ID                       string
	CorrectionsURL, SheetURL string
	PrintURL                 string
	Version                  int
	By                       string
	At                       time.Time
	Pending                  int
	Unavailable              bool // the review database could not be read
	// applied are the corrections version Version holds, oldest first.
	applied []schema.Correction
}

// reviewOf is the review's part of a report page.
func (v *viewer) reviewOf(r *http.Request, id string) *reviewView {
	rv := &reviewView{ID: id, SheetURL: sheetURL(id), PrintURL: printURL(id)}
	if v.corrections == nil {
		return rv
	}
	rv.CorrectionsURL = correctionsURL(id)
	revs, err := v.corrections.Revisions(r.Context(), id)
	cs, err2 := v.corrections.Corrections(r.Context(), id)
	if err := errors.Join(err, err2); err != nil {
		v.log.WarnContext(r.Context(), "corrections non lues", "rapport", id, "erreur", err)
		rv.Unavailable = true
		return rv
	}
	if n := len(revs); n > 0 {
		rv.Version, rv.By, rv.At = revs[n-1].Version, revs[n-1].By, revs[n-1].At
	}
	all := make([]schema.Correction, len(cs))
	for i, c := range cs {
		if all[i] = c.Correction; c.State == schema.Proposed {
			rv.Pending++
		}
	}
	rv.applied = applied(all, rv.Version)
	return rv
}
