package viewer

import (
	"fmt"
	"net/http"
	"strconv"
	"unicode/utf8"

	"analyste.dev/analyste/shared/pipeline"
	"analyste.dev/analyste/shared/quotes"
	"analyste.dev/analyste/shared/signals"
	"analyste.dev/analyste/shared/store"
)

// pageView is the data of page.html: the whole text of a page, cut around
// the highlighted quote when there is one.
type pageView struct {
	Title, ID, Company  string
	N, Count            int
	Prev, Next          string
	Text                string // the whole page when nothing is highlighted
	Before, Mark, After string
	Quote               string // the quote asked for, as given
	Found               bool
	Fact                string
	Signal              *signals.Signal
	Severity            string
	SignalURL           string // the quote's own page when it is not this one
}

// MaxCitation bounds ?citation=, in characters: ten times the longest
// sentence a report prints, and what a highlight can find in linear time
// without tying up the instance.
const MaxCitation = 2000

func (v *viewer) page(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	id := r.PathValue("id")
	n, err := strconv.Atoi(r.PathValue("n"))
	if err != nil || n < 1 {
		v.fail(w, r, http.StatusNotFound, "Le numéro de page doit être un entier à partir de 1.", nil)
		return
	}
	quote := r.URL.Query().Get("citation")
	if utf8.RuneCountInString(quote) > MaxCitation {
		v.fail(w, r, http.StatusBadRequest, fmt.Sprintf("La citation à surligner dépasse %d caractères : "+
			"une citation vérifiée est une phrase du rapport. Raccourcissez-la.", MaxCitation), nil)
		return
	}
	var ex pipeline.ExtractionRecord
	if err := v.read.Document(ctx, store.Extractions, id, &ex); err != nil {
		v.readFailed(w, r, "L'extraction du rapport "+id, err)
		return
	}
	if ex.PageTexts == "" {
		v.fail(w, r, http.StatusNotFound, "Les textes des pages de ce rapport n'ont pas été conservés.", nil)
		return
	}
	texts, err := v.read.PageTexts(ctx, ex.PageTexts)
	if err != nil {
		v.readFailed(w, r, "Le texte des pages du rapport "+id, err)
		return
	}
	if n > len(texts) {
		v.fail(w, r, http.StatusNotFound, "Ce rapport a "+strconv.Itoa(len(texts))+" pages.", nil)
		return
	}
	p := pageView{Title: "Page " + strconv.Itoa(n) + " — " + ex.Company, ID: id, Company: ex.Company, N: n, Count: len(texts),
		Text: texts[n-1], Quote: quote}
	if n > 1 {
		p.Prev = pageURL(id, n-1, "", "")
	}
	if n < len(texts) {
		p.Next = pageURL(id, n+1, "", "")
	}
	if fact := r.URL.Query().Get("fait"); fact != "" {
		var sig pipeline.SignalsRecord
		if err := v.read.Document(ctx, store.Signals, id, &sig); err != nil {
			v.readFailed(w, r, "Les signaux du rapport "+id, err)
			return
		}
		s, ok := quoteFacts(sig)[fact]
		if !ok {
			v.fail(w, r, http.StatusNotFound, "Le fait "+fact+" n'est pas un signal vérifié de ce rapport.", nil)
			return
		}
		p.Fact, p.Signal, p.Quote, p.Severity = fact, &s, s.Quote, orSelf(severities, s.Severity)
		if s.Page != n {
			p.SignalURL = pageURL(id, s.Page, "fait", fact)
		}
	}
	if p.Quote != "" {
		p.Before, p.Mark, p.After, p.Found = highlight(p.Text, p.Quote)
	}
	// A hostile text layer may reorder what is displayed (bidi overrides).
	for _, s := range []*string{&p.Text, &p.Before, &p.Mark, &p.After, &p.Quote, &p.Company, &p.Title} {
		*s = quotes.Sanitize(*s)
	}
	v.render(w, r, http.StatusOK, "page.html", p)
}
