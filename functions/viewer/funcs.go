package viewer

import (
	"html/template"
	"net/url"
	"strconv"
	"time"

	"analyste.dev/analyste/shared/frnum"
)

// funcs are the templates' helpers.
var funcs = template.FuncMap{
	"amount":    frnum.Format,
	"date":      formatDate,
	"reportURL": reportURL,
}

func formatInt[T ~int | ~int64](n T) string { return frnum.Format(float64(n)) }

func plural[T ~int | ~int64](n T) string {
	if n > 1 || n < -1 {
		return "s"
	}
	return ""
}

// formatDate writes a time the French way, in UTC; the zero time is "—".
func formatDate(t time.Time) string {
	if t.IsZero() {
		return "—"
	}
	return t.UTC().Format("02/01/2006 à 15:04:05") + " UTC"
}

// reportURL is a report's page.
func reportURL(id string) string { return "/rapports/" + url.PathEscape(id) }

// pageURL is the page view of page n of report id with key=value
// highlighted (fait or citation), scrolled to the highlight.
func pageURL(id string, n int, key, value string) string {
	u := reportURL(id) + "/pages/" + strconv.Itoa(n)
	if value != "" {
		u += "?" + url.Values{key: {value}}.Encode() + "#citation"
	}
	return u
}
