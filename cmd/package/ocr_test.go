package main

import (
	"maps"
	"slices"
	"testing"

	"analyste.dev/analyste"
)

// The OCR of scanned pages: a Document AI OCR processor, its API enabled,
// named to extract alone (the only function that reads PDFs), whose
// identity alone may call it (TestInfraRoles); extract has it check the
// text layers too.
func TestInfraOCRProcessor(t *testing.T) {
	t.Parallel()
	c := loadInfra(t)
	p := c.instances(t, "google_document_ai_processor.ocr")[0]
	if typ := p.get("type"); typ != "OCR_PROCESSOR" {
		t.Errorf("processor type %v, want OCR_PROCESSOR", typ)
	}
	if loc := p.get("location"); loc != "eu" {
		t.Errorf("processor location %v, want the variable's default eu", loc)
	}
	apis, _ := c.instances(t, "google_project_service.api")[0].scope.eval(c.resources["google_project_service.api"].Body.Attributes["for_each"].Expr).(map[string]any)
	if _, ok := apis["documentai.googleapis.com"]; !ok {
		t.Errorf("documentai.googleapis.com not enabled: %v", slices.Sorted(maps.Keys(apis)))
	}
	for entry, i := range functionInstances(t, c) {
		env, _ := i.get("service_config", "environment_variables").(map[string]any)
		got, set := env["ANALYSTE_OCR_PROCESSOR"]
		switch {
		case entry == analyste.EntryExtract && got != ref("google_document_ai_processor.ocr.id"):
			t.Errorf("extract: ANALYSTE_OCR_PROCESSOR %v, want the processor's resource name", got)
		case entry != analyste.EntryExtract && set:
			t.Errorf("%s: ANALYSTE_OCR_PROCESSOR set; only extract reads PDFs", entry)
		}
		if check, set := env["ANALYSTE_CONTROLE_OCR"]; entry == analyste.EntryExtract && check != "oui" || entry != analyste.EntryExtract && set {
			t.Errorf("%s: ANALYSTE_CONTROLE_OCR %v; extract checks text layers by OCR (oui), no other function reads PDFs", entry, check)
		}
	}
}
