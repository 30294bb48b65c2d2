package signals

import (
	"regexp"

	"analyste.dev/analyste/shared/quotes"
)

// instruction matches text addressed to a model rather than to a reader of
// the report: "ignore les instructions précédentes", "oubliez vos
// consignes", "en tant qu'assistant", "réponds uniquement". Such a sentence
// is an injection attempt, not a risk of the company: quoting it would carry
// it into the facts the memo writer reads.
var instruction = regexp.MustCompile(`\b(ignor|oubli)\w* (les |toutes les |vos |tes |ces )?(instructions|consignes)\b|\b(instructions|consignes) (precedentes|précédentes|ci-dessus)\b|\ben tant qu'(ia|assistant|modele|modèle)\b|\b(reponds|réponds|repondez|répondez) uniquement\b|\bprompt\b` +
	// Addressed to the memo's writer rather than to a reader of the report.
	`|\b(note|message|consigne)s? (au|pour le) (redacteur|rédacteur|modele|modèle)\b|\ble (memo|mémo) doit\b` +
	// English.
	`|\b(ignore|disregard|forget)\w* (all |any |the )*(previous |prior |above |earlier )*(instructions|prompts?|rules|context)\b|\byou are (now )?(an? )?(ai|assistant|language model|chatbot)\b|\bas an ai\b|\bthe (memo|model|assistant) (must|should)\b|\bsystem prompt\b`)

// isInstruction tells whether a quote gives orders to a model.
func isInstruction(quote string) bool {
	return instruction.MatchString(quotes.Normalise(quote))
}
