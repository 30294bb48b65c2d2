package pdftext

import (
	"context"
	"errors"
	"fmt"
)

// Sentinel errors. Every error returned by Read wraps exactly one of them (or a
// context error), so the pipeline can record a reason with errors.Is and show
// a person Reason(err).
var (
	ErrNotPDF                = errors.New("pas un fichier PDF")
	ErrDamaged               = errors.New("PDF endommagé")
	ErrPasswordRequired      = errors.New("PDF chiffré : mot de passe requis")
	ErrEncryptionUnsupported = errors.New("PDF chiffré : chiffrement non pris en charge")
	ErrNoText                = errors.New("PDF sans couche texte")
	ErrTooLarge              = errors.New("PDF trop volumineux")
	// ErrTooComplex: the document asks more work than its Limits allow
	// (operators, characters, text, nested structures), whatever its size.
	ErrTooComplex = errors.New("document trop complexe")
	// ErrFileChanged: the file was cut short by someone else while it was
	// read through its mapping (withData).
	ErrFileChanged = errors.New("fichier PDF tronqué pendant sa lecture")
	// ErrPageTreeLoop is a kind of ErrDamaged that deserves its own message.
	ErrPageTreeLoop = fmt.Errorf("%w : page tree loop (l'arbre des pages se contient lui-même)", ErrDamaged)
	// ErrTooManyOps is a kind of ErrTooComplex, given to one page.
	ErrTooManyOps = fmt.Errorf("%w : trop d'opérateurs dans la page", ErrTooComplex)
)

// reasons gives, for each sentinel, what a person can do about it; a kind
// comes before its parent.
var reasons = []struct {
	err    error
	reason string
}{
	{ErrNotPDF, "Le fichier n'est pas un PDF : déposez le document au format PDF."},
	{ErrPasswordRequired, "Le PDF est protégé par un mot de passe : déposez une version sans mot de passe."},
	{ErrEncryptionUnsupported, "Le PDF est chiffré avec un algorithme non pris en charge : réenregistrez-le sans protection (« Imprimer en PDF »)."},
	{ErrNoText, "Le PDF ne contient aucun texte (document numérisé) : une reconnaissance de caractères (OCR) est nécessaire."},
	{ErrTooLarge, "Le PDF dépasse les limites de taille ou de nombre de pages : déposez uniquement les pages des états financiers."},
	{ErrFileChanged, "Le fichier PDF a été tronqué par un autre programme pendant sa lecture : relancez la lecture une fois le fichier complet."},
	{ErrPageTreeLoop, "La structure des pages du PDF est corrompue (boucle) : réenregistrez le document depuis un lecteur PDF."},
	{ErrTooManyOps, "Une page du PDF est trop complexe pour être lue dans les limites fixées : déposez le document sans cette page."},
	{ErrTooComplex, "Le document est trop complexe pour être lu dans les limites fixées (trop d'opérations de dessin, de caractères ou de texte) : déposez uniquement les pages des états financiers, ou une version réenregistrée avec « Imprimer en PDF »."},
	{ErrDamaged, "Le PDF est endommagé ou tronqué : déposez à nouveau le fichier d'origine."},
	{context.DeadlineExceeded, "La lecture du PDF a dépassé le temps imparti : réessayez ou déposez un document plus court."},
	{context.Canceled, "La lecture du PDF a été interrompue."},
}

// Reason returns a one-line French explanation of err for a person, saying
// what to do about it. It returns "" for nil and for an error that wraps none
// of the package's sentinels, so a caller can explain it otherwise.
func Reason(err error) string {
	for _, r := range reasons {
		if errors.Is(err, r.err) {
			return r.reason
		}
	}
	return ""
}
