# What reviewers write, in a database of its own: the resolutions of
# hand-offs, the corrections of readings and the memo versions they give
# (shared/schema: resolutions, corrections, revisions). Firestore's IAM
# scopes a grant to a database, never to a collection, so the viewer may
# write here while it only reads the pipeline's database.
resource "google_firestore_database" "review" {
  name                              = var.review_database
  location_id                       = var.firestore_location
  type                              = "FIRESTORE_NATIVE"
  point_in_time_recovery_enablement = "POINT_IN_TIME_RECOVERY_ENABLED"
  delete_protection_state           = var.allow_destroy ? "DELETE_PROTECTION_DISABLED" : "DELETE_PROTECTION_ENABLED"
  deletion_policy                   = var.allow_destroy ? "DELETE" : "ABANDON"

  depends_on = [google_project_service.api]
}

# The same rules as the pipeline's database: no client SDK reads or writes.
resource "google_firebaserules_release" "review" {
  name         = "cloud.firestore/${google_firestore_database.review.name}"
  ruleset_name = "projects/${var.project}/rulesets/${google_firebaserules_ruleset.firestore.name}"

  lifecycle {
    replace_triggered_by = [google_firebaserules_ruleset.firestore]
  }
}

# The viewer's role on the review database: it reads, creates and updates
# the review's documents (a correction recorded, then checked; a revision
# and a resolution created once) and deletes none. Transactions begin with
# databases.get.
resource "google_project_iam_custom_role" "reviewer" {
  role_id     = "analysteReviewer"
  title       = "analyste reviewer"
  description = "Reads, creates and updates the review's documents (resolutions, corrections, memo versions); deletes none."
  permissions = [
    "datastore.databases.get",
    "datastore.databases.getMetadata",
    "datastore.entities.create",
    "datastore.entities.get",
    "datastore.entities.list",
    "datastore.entities.update",
  ]
}

resource "google_project_iam_member" "viewer_review" {
  project = var.project
  role    = google_project_iam_custom_role.reviewer.id
  member  = google_service_account.viewer.member

  condition {
    title      = "analyste-review-database"
    expression = "resource.name == \"projects/${var.project}/databases/${google_firestore_database.review.name}\""
  }
}
