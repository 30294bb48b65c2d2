package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"analyste.dev/analyste/shared/statements"
)

// Source is a company's rapport.json: everything about the printed report
// except the amounts of the statements, which come from truth.json.
type Source struct {
	Style  Style  `json:"style"`
	Footer string `json:"pied_de_page"`
	Date   string `json:"date_document"` // AAAA-MM-JJ, fixes the PDF dates
	Pages  []Page `json:"pages"`
}

// Style holds the typographic choices that vary between reports; a table
// may override the report's.
type Style struct {
	ThousandsSeparator string `json:"separateur_milliers"`
	Negatives          string `json:"negatifs"` // see the negative* constants
	// Zero is printed for a zero amount; empty prints 0; zeroBlank leaves
	// the gross and depreciation cells blank, as forms do.
	Zero   string `json:"zero"`
	Suffix string `json:"suffixe"` // after each amount, e.g. " €"
	// Decimals overrides the unit's decimals (cents in a € report).
	Decimals *int   `json:"decimales"`
	Accent   [3]int `json:"couleur"`
}

// How negatives are printed.
const (
	negativeParentheses = "parentheses" // (1 234)
	negativeHyphen      = "moins"       // -1 234
	negativeMinusSign   = "moins_unicode"
	negativeTrailing    = "moins_final" // 1 234-, as accounting software prints
)

// zeroBlank as Style.Zero leaves zero gross and depreciation cells blank.
const zeroBlank = "vide"

// Page is one physical page; a report never lets content flow to the next.
type Page struct {
	Cover *Cover  `json:"couverture"`
	Title string  `json:"titre"`
	Toc   bool    `json:"sommaire"` // lists the titled pages that follow
	Block []Block `json:"blocs"`
}

// Cover is the first page of a report.
type Cover struct {
	Company  string   `json:"societe"`
	Title    string   `json:"titre"`
	Subtitle string   `json:"sous_titre"`
	Lines    []string `json:"mentions"`
}

// Block is one element of a page's body; exactly one field is set.
type Block struct {
	Heading string   `json:"intertitre"`
	Text    string   `json:"texte"`
	Bullets []string `json:"puces"`
	Table   *Table   `json:"tableau"`
	Sign    []string `json:"signature"`
	// Side holds two tables printed side by side (actif | passif).
	Side []Table `json:"cote_a_cote"`
}

// tables lists the tables of a block.
func (b *Block) tables() []*Table {
	if b.Table != nil {
		return []*Table{b.Table}
	}
	out := make([]*Table, len(b.Side))
	for i := range b.Side {
		out[i] = &b.Side[i]
	}
	return out
}

// Table is a printed statement, or one side of the balance sheet.
type Table struct {
	Statement       statements.Statement `json:"etat"`
	Caption         string               `json:"titre"`
	Unit            string               `json:"unite"`
	NotesColumn     bool                 `json:"colonne_notes"`
	NegativeCharges bool                 `json:"charges_negatives"`
	// CodeColumns prints a form's line code (Line.Codes) left of each amount.
	CodeColumns bool          `json:"colonne_codes"`
	Style       *Style        `json:"style"`
	Groups      []HeaderGroup `json:"groupes"`
	// Continued continues the previous table of its statement on another
	// page: the lines of one key may be split across them.
	Continued bool `json:"suite"`
	// Dense prints in a smaller font with narrower columns, as forms do.
	Dense bool `json:"serre"`
	// AmountsOnTop prints the amounts of a wrapped label on its first line
	// rather than its last.
	AmountsOnTop bool     `json:"montants_en_haut"`
	Columns      []Column `json:"colonnes"`
	Lines        []Line   `json:"lignes"`
}

// HeaderGroup is a header printed above several columns, from First to Last
// (0-based): "Exercice N clos le 31/12/2025" over Brut / Amort. / Net.
type HeaderGroup struct {
	Text  string `json:"texte"`
	First int    `json:"de"`
	Last  int    `json:"a"`
}

// Column kinds: the net amount of a year (default), for an asset side the
// gross amount and the accumulated depreciation, and a line's share of the
// year's revenue in percent ("% CA").
const (
	columnNet          = ""
	columnGross        = "brut"
	columnDepreciation = "amortissements"
	columnShare        = "part_ca"
)

// Column is one amount column of a table.
type Column struct {
	Year   int    `json:"exercice"`
	Header string `json:"entete"` // "\n" separates header lines
	Kind   string `json:"type"`
}

// Line styles.
const (
	lineSection  = "section"
	lineSubtotal = "sous_total"
	lineTotal    = "total"
)

// Line is one printed row. A line with Key prints that dictionary amount, or
// its share Amounts when several lines add up to the key; a line with Sum
// prints the sum of other lines of the table (keys or ids, "-" subtracts)
// and, if it also has a Key, must equal the truth; a line with Amounts only
// prints them, outside the dictionary. "\n" wraps a label.
type Line struct {
	Label  string   `json:"libelle"`
	Codes  []string `json:"codes"` // one per column, with Table.CodeColumns
	Key    string   `json:"cle"`
	ID     string   `json:"id"`
	Note   string   `json:"note"`
	Style  string   `json:"style"`
	Charge bool     `json:"charge"` // a subtotal of charges, printed like them
	// Deduction is a charge whose dictionary amount is negative (participation
	// des salariés): printed like the table's charges, opposite to its key.
	Deduction bool               `json:"deduction"`
	Amounts   map[string]float64 `json:"montants"`
	Gross     map[string]float64 `json:"brut"`
	Sum       []string           `json:"somme"`
}

// company is what one testdata/<slug> directory holds.
type company struct {
	slug   string
	truth  statements.Truth
	source Source
}

// loadCompany reads truth.json and rapport.json from dir.
func loadCompany(dir string) (company, error) {
	c := company{slug: filepath.Base(dir)}
	if err := readJSON(filepath.Join(dir, "truth.json"), &c.truth); err != nil {
		return company{}, err
	}
	if err := readJSON(filepath.Join(dir, "rapport.json"), &c.source); err != nil {
		return company{}, err
	}
	return c, nil
}

func readJSON(path string, v any) error {
	f, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("lecture de %s : %w", path, err)
	}
	defer f.Close()
	// A misspelt field would otherwise vanish from the report unnoticed.
	dec := json.NewDecoder(f)
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("décodage de %s : %w", path, err)
	}
	return nil
}

// documentDate parses the source's date, which stands for every timestamp of
// the PDF so that a rebuild is byte for byte identical.
func (s Source) documentDate() (time.Time, error) {
	d, err := time.Parse(time.DateOnly, s.Date)
	if err != nil {
		return time.Time{}, fmt.Errorf("date_document : %w", err)
	}
	return d, nil
}
