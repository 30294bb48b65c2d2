# The pipeline's documents: reports, extractions, signals, memos, handoffs.
resource "google_firestore_database" "main" {
  name                              = var.firestore_database
  location_id                       = var.firestore_location
  type                              = "FIRESTORE_NATIVE"
  point_in_time_recovery_enablement = "POINT_IN_TIME_RECOVERY_ENABLED"
  delete_protection_state           = var.allow_destroy ? "DELETE_PROTECTION_DISABLED" : "DELETE_PROTECTION_ENABLED"
  deletion_policy                   = var.allow_destroy ? "DELETE" : "ABANDON"

  depends_on = [google_project_service.api]
}

# Security rules apply to client SDKs only (the functions and the viewer use
# IAM): no client reads or writes anything. See firestore.rules.
resource "google_firebaserules_ruleset" "firestore" {
  source {
    files {
      name    = "firestore.rules"
      content = file("${path.module}/firestore.rules")
    }
  }

  lifecycle {
    create_before_destroy = true
  }

  depends_on = [google_project_service.api]
}

resource "google_firebaserules_release" "firestore" {
  name         = "cloud.firestore/${google_firestore_database.main.name}"
  ruleset_name = "projects/${var.project}/rulesets/${google_firebaserules_ruleset.firestore.name}"

  lifecycle {
    replace_triggered_by = [google_firebaserules_ruleset.firestore]
  }
}

# The viewer's dashboard lists the reports of one status, newest first
# (functions/viewer FirestoreReader.Reports).
resource "google_firestore_index" "reports_by_status" {
  database   = google_firestore_database.main.name
  collection = "reports"

  fields {
    field_path = "statut"
    order      = "ASCENDING"
  }

  fields {
    field_path = "cree_le"
    order      = "DESCENDING"
  }
}
