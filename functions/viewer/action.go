package viewer

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"analyste.dev/analyste/shared/quotes"
)

// Every review action (resolve a hand-off, decide a cause, correct a
// reading, check a correction) takes one path: reviewAction.

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

// formTokens mints and checks the review forms' tokens. Another site
// cannot read one from the viewer's page, and it is worth nothing to
// another reviewer, for another report or another form.
type formTokens struct {
	key []byte
	now func() time.Time
}

// MinFormKey is the shortest form key accepted, in bytes.
const MinFormKey = 32

// formTokenTTL is how long a form stays valid: a working day.
const formTokenTTL = 12 * time.Hour

// The purposes of the review's form tokens, so that one form's token is
// worth nothing for another.
const (
	purposeResolve = "relais"
	purposeCause   = "cause"
	purposeCorrect = "correction"
	purposeCheck   = "verification"
)

// errFormToken says why a token is refused, for a person.
var errFormToken = errors.New("le jeton du formulaire est invalide ou a expiré : rechargez la page du rapport et recommencez")

// mint mints a token for one form: a random nonce, the time, and an HMAC
// of purpose, identity, subject, nonce and time under the viewer's key.
// Each page shows a new one; what it does is done once (a resolution, a
// decision on a cause, a correction keyed by its token), so that the same
// form sent twice does nothing the second time.
func (f formTokens) mint(purpose, who, subject string) string {
	nonce := rand.Text()
	minted := strconv.FormatInt(f.now().Unix(), 10)
	return nonce + "." + minted + "." + base64.RawURLEncoding.EncodeToString(f.mac(purpose, who, subject, nonce, minted))
}

func (f formTokens) mac(purpose, who, subject, nonce, minted string) []byte {
	m := hmac.New(sha256.New, f.key)
	fmt.Fprintf(m, "%s\x00%s\x00%s\x00%s\x00%s", purpose, who, subject, nonce, minted)
	return m.Sum(nil)
}

func (f formTokens) check(token, purpose, who, subject string) error {
	parts := strings.Split(token, ".")
	if len(parts) != 3 {
		return errFormToken
	}
	minted, err := strconv.ParseInt(parts[1], 10, 64)
	mac, err2 := base64.RawURLEncoding.DecodeString(parts[2])
	if err != nil || err2 != nil || !hmac.Equal(mac, f.mac(purpose, who, subject, parts[0], parts[1])) {
		return errFormToken
	}
	if age := f.now().Sub(time.Unix(minted, 0)); age < -time.Minute || age > formTokenTTL {
		return errFormToken
	}
	return nil
}

// maxForm bounds a review form's body: a field, an amount and a reason.
const maxForm = 64 << 10

// reviewAction checks what every review action needs: the viewer's host
// and origin, the caller's identity, the form within maxForm and its
// token. It answers the refusal itself and returns ok false.
func (v *viewer) reviewAction(w http.ResponseWriter, r *http.Request, purpose, subject string) (who string, ok bool) {
	if err := checkOrigin(r, v.hosts); err != nil {
		v.log.WarnContext(r.Context(), "action refusée : hôte ou origine", "hote", r.Host, "origine", r.Header.Get("Origin"))
		v.fail(w, r, http.StatusForbidden, "Demande refusée : "+err.Error()+".", nil)
		return "", false
	}
	if who = identity(r); who == "" {
		v.fail(w, r, http.StatusForbidden, "Votre identité n'a pas pu être établie : ouvrez le visualiseur déployé "+
			"par « gcloud run services proxy », qui transmet votre jeton d'identité.", nil)
		return "", false
	}
	r.Body = http.MaxBytesReader(w, r.Body, maxForm)
	if err := r.ParseForm(); err != nil {
		v.fail(w, r, http.StatusBadRequest, "Le formulaire n'a pas pu être lu (un formulaire de relecture tient en "+
			strconv.Itoa(maxForm>>10)+" Kio).", nil)
		return "", false
	}
	if err := v.forms.check(r.PostForm.Get("jeton"), purpose, who, subject); err != nil {
		v.log.WarnContext(r.Context(), "jeton de formulaire refusé", "rapport", subject, "par", who)
		v.fail(w, r, http.StatusForbidden, "Demande refusée : "+err.Error()+".", nil)
		return "", false
	}
	return who, true
}

// MaxComment bounds what a reviewer writes (a comment, a reason), in
// characters.
const MaxComment = 2000

// written reads what a reviewer wrote in a form's field name
// ("commentaire", "motif"), sanitised: it must be there (why says what it
// is for) and within MaxComment. The error is for a person.
func written(form url.Values, name, why string) (string, error) {
	s := strings.TrimSpace(quotes.Sanitize(form.Get(name)))
	switch n := utf8.RuneCountInString(s); {
	case n == 0:
		return "", fmt.Errorf("un %s est demandé : %s", name, why)
	case n > MaxComment:
		return "", fmt.Errorf("le %s dépasse %d caractères", name, MaxComment)
	}
	return s, nil
}
