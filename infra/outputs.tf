output "upload_bucket" {
  description = "Bucket to drop annual reports into."
  value       = google_storage_bucket.upload.name
}

output "upload_command" {
  description = "Command that drops a report and starts a run."
  value       = "gcloud storage cp RAPPORT.pdf gs://${google_storage_bucket.upload.name}/${var.upload_prefix}"
}

output "artifacts_bucket" {
  description = "Bucket of the page texts and function sources."
  value       = google_storage_bucket.artifacts.name
}

output "firestore_database" {
  description = "Firestore database holding reports, extractions, signals, memos and handoffs."
  value       = google_firestore_database.main.name
}

output "review_database" {
  description = "Firestore database holding what reviewers write: resolutions, corrections and memo versions."
  value       = google_firestore_database.review.name
}

output "functions" {
  description = "Deployed function names, by entry point."
  value       = { for entry, f in google_cloudfunctions2_function.function : entry => f.name }
}

output "function_service_accounts" {
  description = "Service account of each function, by entry point."
  value       = { for entry, sa in google_service_account.function : entry => sa.email }
}

output "viewer_url" {
  description = "URL of the viewer; it answers only viewer_invokers members, with an identity token."
  value       = google_cloudfunctions2_function.viewer.url
}

output "viewer_command" {
  description = "Command that serves the viewer on http://localhost:8080 with your gcloud identity."
  value       = "gcloud run services proxy ${google_cloudfunctions2_function.viewer.name} --project ${var.project} --region ${var.region} --port 8080"
}
