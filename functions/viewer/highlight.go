package viewer

import "analyste.dev/analyste/shared/quotes"

// highlight cuts a page text around quote where quotes.Locate finds it, so
// that the highlight accepts exactly the quotes that quotes.Verify does.
func highlight(text, quote string) (before, mark, after string, found bool) {
	start, end, ok := quotes.Locate(text, quote)
	if !ok {
		return "", "", "", false
	}
	return text[:start], text[start:end], text[end:], true
}
