package viewer

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"analyste.dev/analyste/shared/quotes"
	"analyste.dev/analyste/shared/schema"
)

// decisionOption is a decision as the form offers it.
type decisionOption struct {
	Value       schema.Decision
	Label, Help string
}

// decisions are the decisions as a reviewer reads them, in the form's order.
var decisions = []decisionOption{
	{schema.Validated, "validé", "le mémo peut être publié tel quel : les faits en cause sont exacts"},
	{schema.Corrected, "corrigé", "le mémo a été corrigé hors du visualiseur ; le commentaire dit quoi"},
	{schema.Rejected, "rejeté", "le dossier ne peut pas être instruit sur ce rapport"},
}

// decisionLabel gives the label of a stored decision; ok is false for an
// unknown one.
func decisionLabel(d schema.Decision) (label string, ok bool) {
	for _, x := range decisions {
		if x.Value == d {
			return x.Label, true
		}
	}
	return string(d), false
}

// MaxComment bounds a resolution's comment, in characters.
const MaxComment = 2000

// AlreadyResolved is the refusal of a second resolution.
type AlreadyResolved struct{ Resolution schema.Resolution }

func (e *AlreadyResolved) Error() string {
	label, _ := decisionLabel(e.Resolution.Decision)
	return fmt.Sprintf("%s par %s le %s", label, e.Resolution.By, formatDate(e.Resolution.At))
}

// identity is who sends the request, as Cloud Run authenticated them: the
// email claim of the ID token in X-Serverless-Authorization when that
// header is present (Cloud Run then checks it, and passes Authorization
// through unchecked), otherwise in Authorization. Cloud Run has checked the
// token's signature, audience and expiry and the caller's run.invoker role
// before the request reaches the function, and the viewer takes no
// unauthenticated request (no public invoker), so the claims are read, not
// verified again: Cloud Run may strip the signature it checked. A form
// field is never an identity. "" when the request carries no usable token.
func identity(r *http.Request) string {
	header := r.Header.Get("X-Serverless-Authorization")
	if header == "" {
		header = r.Header.Get("Authorization")
	}
	token, ok := strings.CutPrefix(header, "Bearer ")
	if !ok {
		return ""
	}
	parts := strings.Split(strings.TrimSpace(token), ".")
	if len(parts) < 2 {
		return ""
	}
	payload, err := base64.RawURLEncoding.DecodeString(parts[1])
	if err != nil {
		return ""
	}
	var claims struct {
		Email    string `json:"email"`
		Verified bool   `json:"email_verified"`
	}
	if json.Unmarshal(payload, &claims) != nil || !claims.Verified || !strings.Contains(claims.Email, "@") {
		return ""
	}
	return quotes.Sanitize(claims.Email)
}

// formTokens mints and checks the resolve form's token: the time it was
// minted and an HMAC-SHA256, under the viewer's key, of the identity, the
// report and that time. Another site cannot read it from the viewer's
// page, and it is worth nothing to another reviewer or for another report.
type formTokens struct {
	key []byte
	now func() time.Time
}

// MinFormKey is the shortest form key accepted, in bytes.
const MinFormKey = 32

// formTokenTTL is how long a form stays valid: a working day.
const formTokenTTL = 12 * time.Hour

// resolveFormName names the resolve form's tokens: a token is worth nothing
// for another form.
const resolveFormName = "relais"

func (f formTokens) mac(form, who, id string, minted int64) []byte {
	m := hmac.New(sha256.New, f.key)
	fmt.Fprintf(m, "%s\x00%s\x00%s\x00%d", form, who, id, minted)
	return m.Sum(nil)
}

func (f formTokens) mint(who, id string) string { return f.mintFor(resolveFormName, who, id) }

// mintFor mints the token of the named form.
func (f formTokens) mintFor(form, who, id string) string {
	minted := f.now().Unix()
	return strconv.FormatInt(minted, 10) + "." + base64.RawURLEncoding.EncodeToString(f.mac(form, who, id, minted))
}

// errFormToken says why a token is refused, for a person.
var errFormToken = errors.New("le jeton du formulaire est invalide ou a expiré : rechargez la page du rapport et recommencez")

func (f formTokens) check(token, who, id string) error {
	return f.checkFor(resolveFormName, token, who, id)
}

// checkFor checks a token of the named form.
func (f formTokens) checkFor(form, token, who, id string) error {
	ts, sig, ok := strings.Cut(token, ".")
	minted, err := strconv.ParseInt(ts, 10, 64)
	mac, err2 := base64.RawURLEncoding.DecodeString(sig)
	if !ok || err != nil || err2 != nil || !hmac.Equal(mac, f.mac(form, who, id, minted)) {
		return errFormToken
	}
	if age := f.now().Sub(time.Unix(minted, 0)); age < -time.Minute || age > formTokenTTL {
		return errFormToken
	}
	return nil
}

// resolveHandoff records a reviewer's decision, then shows the report.
func (v *viewer) resolveHandoff(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	who := identity(r)
	if who == "" {
		v.fail(w, r, http.StatusForbidden, "Votre identité n'a pas pu être établie : ouvrez le visualiseur déployé "+
			"par « gcloud run services proxy », qui transmet votre jeton d'identité.", nil)
		return
	}
	if err := r.ParseForm(); err != nil {
		v.fail(w, r, http.StatusBadRequest, "Le formulaire n'a pas pu être lu.", nil)
		return
	}
	if err := v.forms.check(r.PostForm.Get("jeton"), who, id); err != nil {
		v.log.WarnContext(r.Context(), "jeton de formulaire refusé", "rapport", id, "par", who)
		v.fail(w, r, http.StatusForbidden, "Demande refusée : "+err.Error()+".", nil)
		return
	}
	res := schema.Resolution{Decision: schema.Decision(r.PostForm.Get("decision")), Comment: strings.TrimSpace(quotes.Sanitize(r.PostForm.Get("commentaire"))), By: who, At: v.now().UTC()}
	switch _, known := decisionLabel(res.Decision); {
	case !known:
		v.fail(w, r, http.StatusBadRequest, "Choisissez une décision : validé, corrigé ou rejeté.", nil)
		return
	case res.Comment == "":
		v.fail(w, r, http.StatusBadRequest, "Un commentaire est demandé : il dit ce qui a été vérifié ou corrigé.", nil)
		return
	case utf8.RuneCountInString(res.Comment) > MaxComment:
		v.fail(w, r, http.StatusBadRequest, fmt.Sprintf("Le commentaire dépasse %d caractères.", MaxComment), nil)
		return
	}
	if v.corrections != nil {
		h, cards, ok := v.handoffCauses(w, r, id)
		if !ok {
			return
		}
		ds, err := v.causeDecisions(r.Context(), id)
		if err != nil {
			v.fail(w, r, http.StatusInternalServerError, "Les décisions sur les causes du relais n'ont pas pu être lues ; réessayez dans un instant.", err)
			return
		}
		if why := undecided(v.decideCards(id, "", false, cards, ds), res.Decision); why != "" && h.Resolution == nil {
			v.fail(w, r, http.StatusConflict, "Résolution non enregistrée : "+why, nil)
			return
		}
	}
	var done *AlreadyResolved
	switch err := v.resolve.Resolve(r.Context(), id, res); {
	case errors.As(err, &done):
		v.fail(w, r, http.StatusConflict, "Ce relais a déjà été résolu : "+done.Error()+". Votre décision n'a pas été enregistrée.", nil)
		return
	case err != nil:
		v.readFailed(w, r, "Le relais du rapport "+id, err)
		return
	}
	v.log.InfoContext(r.Context(), "relais résolu", "rapport", id, "decision", res.Decision, "par", who)
	http.Redirect(w, r, reportURL(id)+"#titre-relais", http.StatusSeeOther)
}
