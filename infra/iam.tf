# One identity per function, with only what its code touches.
resource "google_service_account" "function" {
  for_each = local.functions

  account_id   = "analyste-${each.key}"
  display_name = "analyste ${each.key} function"
  description  = each.value.description
}

# Every function claims and writes the pipeline's documents, in this
# database only.
resource "google_project_iam_member" "function_firestore" {
  for_each = local.functions

  project = var.project
  role    = "roles/datastore.user"
  member  = google_service_account.function[each.key].member

  condition {
    title      = "analyste-database"
    expression = "resource.name == \"projects/${var.project}/databases/${google_firestore_database.main.name}\""
  }
}

# Every function calls Gemini; Vertex AI grants no narrower scope than the
# project.
resource "google_project_iam_member" "function_vertex" {
  for_each = local.functions

  project = var.project
  role    = "roles/aiplatform.user"
  member  = google_service_account.function[each.key].member
}

# extract reads the uploaded generation and never writes the upload bucket.
resource "google_storage_bucket_iam_member" "extract_reads_uploads" {
  bucket = google_storage_bucket.upload.name
  role   = "roles/storage.objectViewer"
  member = google_service_account.function["extract"].member
}

# extract writes pages/{id}.json; a retried run overwrites it, which needs
# delete as well as create. Under pages/ only: the same bucket holds the
# source archive the functions are built from (sources/), which a function
# must not be able to replace.
resource "google_storage_bucket_iam_member" "extract_writes_pages" {
  bucket = google_storage_bucket.artifacts.name
  role   = "roles/storage.objectUser"
  member = google_service_account.function["extract"].member

  condition {
    title      = "analyste-pages"
    expression = local.pages_only
  }
}

# signals reads the page texts extract wrote.
resource "google_storage_bucket_iam_member" "signals_reads_pages" {
  bucket = google_storage_bucket.artifacts.name
  role   = "roles/storage.objectViewer"
  member = google_service_account.function["signals"].member

  condition {
    title      = "analyste-pages"
    expression = local.pages_only
  }
}

# The identity Eventarc delivers events with.
resource "google_service_account" "trigger" {
  account_id   = "analyste-trigger"
  display_name = "analyste event delivery"
  description  = "Delivers storage and Firestore events to the analyste functions."
}

resource "google_project_iam_member" "trigger_receives_events" {
  project = var.project
  role    = "roles/eventarc.eventReceiver"
  member  = google_service_account.trigger.member
}

resource "google_cloud_run_v2_service_iam_member" "trigger_invokes" {
  for_each = local.functions

  location = var.region
  name     = google_cloudfunctions2_function.function[each.key].name
  role     = "roles/run.invoker"
  member   = google_service_account.trigger.member
}

# Cloud Storage publishes its object events to Pub/Sub, where Eventarc
# picks them up.
data "google_storage_project_service_account" "gcs" {}

resource "google_project_iam_member" "storage_agent_publishes" {
  project = var.project
  role    = "roles/pubsub.publisher"
  member  = "serviceAccount:${data.google_storage_project_service_account.gcs.email_address}"
}

# The identity Cloud Build builds the functions with, instead of the
# project's default compute account.
resource "google_service_account" "build" {
  account_id   = "analyste-build"
  display_name = "analyste function builds"
  description  = "Builds the analyste functions' images with Cloud Build."
}

resource "google_project_iam_member" "build_writes_logs" {
  project = var.project
  role    = "roles/logging.logWriter"
  member  = google_service_account.build.member
}

resource "google_artifact_registry_repository_iam_member" "build_pushes_images" {
  location   = google_artifact_registry_repository.functions.location
  repository = google_artifact_registry_repository.functions.name
  role       = "roles/artifactregistry.writer"
  member     = google_service_account.build.member
}

# The build reads the source archive under sources/ and nothing else: the
# same bucket holds every borrower's page texts under pages/.
resource "google_storage_bucket_iam_member" "build_reads_source" {
  bucket = google_storage_bucket.artifacts.name
  role   = "roles/storage.objectViewer"
  member = google_service_account.build.member

  condition {
    title      = "analyste-sources"
    expression = local.sources_only
  }
}
