# The OCR that reads the pages of an upload without a text layer (a scan):
# Document AI's Enterprise Document OCR processor, called by extract only
# (docs/ocr.md says why this one).
resource "google_document_ai_processor" "ocr" {
  location     = var.ocr_location
  display_name = "analyste-ocr"
  type         = "OCR_PROCESSOR"

  depends_on = [google_project_service.api]
}

# extract sends the scanned pages to the processor. Document AI grants
# processing on the project, not on one processor.
resource "google_project_iam_member" "extract_documentai" {
  project = var.project
  role    = "roles/documentai.apiUser"
  member  = google_service_account.function["extract"].member
}
