package statementreader

import (
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"analyste.dev/analyste/shared/frnum"
	"analyste.dev/analyste/shared/locate"
	"analyste.dev/analyste/shared/statements"
)

// Periods as printed, on folded text ("30/06/2025" folds to "30 06 2025").
var (
	datePattern   = regexp.MustCompile(`\b(\d{1,2}) (\d{1,2}|[a-z]{3,9}) (\d{4})\b`)
	monthsPattern = regexp.MustCompile(`(?:^|[^\d,])(\d{1,2}(?:,\d)?|trois|six|neuf|dix|onze|douze|dix-huit) mois\b`)
	startPattern  = regexp.MustCompile(`\bdu (\d{1,2} (?:\d{1,2}|[a-z]{3,9}) \d{4})\b`)
	spanPattern   = regexp.MustCompile(`\bdu (\d{1,2} (?:\d{1,2}|[a-z]{3,9}) \d{4}) au (\d{1,2} (?:\d{1,2}|[a-z]{3,9}) \d{4})\b`)
	// dashPattern is a period printed as two dates joined by a dash
	// ("05/05/2021 - 31/12/2022"), on the text before folding.
	dashPattern = regexp.MustCompile(`\b(\d{1,2}[/.]\d{1,2}[/.]\d{4})\s*[-–—]\s*\d{1,2}[/.]\d{1,2}[/.]\d{4}\b`)
)

var monthWords = map[string]int{"trois": 3, "six": 6, "neuf": 9, "dix": 10, "onze": 11, "douze": 12, "dix-huit": 18}

// monthAbbreviations are the short month names statements print ("31 déc.
// 2025"), folded.
var monthAbbreviations = map[string]int{"janv": 1, "fev": 2, "fevr": 2, "avr": 4, "juil": 7, "sept": 9, "oct": 10, "nov": 11, "dec": 12}

// periodIn reads what a header cell or a title says of a period: its
// opening date ("du 15/02/2025", "05/05/2021 - 31/12/2022"), its closing date (the last date printed,
// "au 31/10/2025" or a date alone) and its length ("6 mois", "10,5 mois",
// "semestre", or the months between its dates). A field not printed stays
// zero.
func periodIn(text string) statements.Period {
	f := locate.Fold(text)
	var p statements.Period
	var from, to time.Time
	dashed := false // its length left to the column, which may print it ("(19 mois, 26 jours)")
	if m := spanPattern.FindStringSubmatch(f); m != nil {
		if d, ok := parseDate(m[1]); ok {
			from = d
		}
	} else if m := dashPattern.FindStringSubmatch(text); m != nil {
		if d, ok := parseDate(locate.Fold(m[1])); ok {
			from, dashed = d, true
		}
	} else if m := startPattern.FindStringSubmatch(f); m != nil && !strings.Contains(f, " au ") {
		if d, ok := parseDate(m[1]); ok {
			p.Start = d.Format(time.DateOnly)
		}
		return p
	}
	if all := datePattern.FindAllString(f, -1); len(all) > 0 {
		if d, ok := parseDate(all[len(all)-1]); ok {
			to = d
		}
	}
	if !from.IsZero() && to.After(from) {
		p.Start = from.Format(time.DateOnly)
	}
	if !to.IsZero() {
		p.End = to.Format(time.DateOnly)
	}
	switch m := monthsPattern.FindStringSubmatch(strings.ToLower(text)); {
	case m != nil:
		p.Months = monthCount(m[1])
	case hasWord(f, "semestre", "semestriel", "semestriels", "semestrielle", "semestrielles", "s1", "h1"):
		p.Months = 6
	case hasWord(f, "trimestre", "trimestriel", "trimestrielle"):
		p.Months = 3
	case p.Start != "" && p.End != "" && !dashed:
		p.Months = monthsBetween(from, to)
	}
	return p
}

// monthCount reads "6", "10,5" or "six" months, rounded to whole months.
func monthCount(s string) int {
	if n, ok := monthWords[s]; ok {
		return n
	}
	v, err := strconv.ParseFloat(strings.Replace(s, ",", ".", 1), 64)
	if err != nil {
		return 0
	}
	return int(math.Round(v))
}

// parseDate reads a folded date: "30 06 2025", "31 dec 2025", "30 juin 2025".
func parseDate(s string) (time.Time, bool) {
	parts := strings.Fields(s)
	if len(parts) != 3 {
		return time.Time{}, false
	}
	day, errDay := strconv.Atoi(parts[0])
	year, errYear := strconv.Atoi(parts[2])
	month, errMonth := strconv.Atoi(parts[1])
	if errMonth != nil {
		var ok bool
		if month, ok = frnum.Month(parts[1]); !ok {
			month = monthAbbreviations[parts[1]]
		}
	}
	if errDay != nil || errYear != nil || month < 1 || month > 12 || day < 1 || day > 31 || year < 1900 || year > 2100 {
		return time.Time{}, false
	}
	d := time.Date(year, time.Month(month), day, 0, 0, 0, 0, time.UTC)
	return d, d.Day() == day
}

// monthsBetween counts the months of a period from its first day to its
// last, rounded ("du 01/01/2025 au 31/10/2025" is ten months).
func monthsBetween(from, to time.Time) int {
	const daysPerMonth = 365.25 / 12
	return int(math.Round(to.AddDate(0, 0, 1).Sub(from).Hours() / 24 / daysPerMonth))
}

// columnPeriods gives each kept column of a table of flows its period: the
// length and date its header prints, else those the table's title states
// ("Compte de résultat semestriel", "période de dix mois close le…") for a
// column that closes on the title's date, or when the title prints none.
func columnPeriods(cols []column, preamble []string) []statements.Period {
	title := periodIn(strings.Join(preamble, " "))
	out := make([]statements.Period, len(cols))
	printed := false
	for i, c := range cols {
		p := c.header.period
		if p.Months == 0 && (title.End == "" || p.End == "" || p.End == title.End) {
			p.Months = title.Months
		}
		if p.End == "" && title.End != "" && strings.HasPrefix(title.End, strconv.Itoa(c.year)) {
			p.End = title.End
		}
		if from, okFrom := time.Parse(time.DateOnly, p.Start); okFrom == nil && p.Months == 0 {
			if to, okTo := time.Parse(time.DateOnly, p.End); okTo == nil && to.After(from) {
				p.Months = monthsBetween(from, to)
			}
		}
		out[i] = p
		printed = printed || p != (statements.Period{})
	}
	if !printed {
		return nil
	}
	return out
}

// balanceDates keeps of a balance sheet's periods their dates: a balance
// sheet is a position, it has no length.
func balanceDates(periods []statements.Period) []statements.Period {
	var out []statements.Period
	for _, p := range periods {
		out = append(out, statements.Period{End: p.End})
	}
	if slices.Equal(out, make([]statements.Period, len(out))) {
		return nil
	}
	return out
}
