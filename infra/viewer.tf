# The viewer: pages over the pipeline's documents and page texts. It only
# reads, and calls no model (it runs with offline readers).
resource "google_service_account" "viewer" {
  account_id   = "analyste-viewer"
  display_name = "analyste viewer"
  description  = "Reads the pipeline's documents and page texts for the viewer."
}

resource "google_project_iam_member" "viewer_firestore" {
  project = var.project
  role    = "roles/datastore.viewer"
  member  = google_service_account.viewer.member

  condition {
    title      = "analyste-database"
    expression = "resource.name == \"projects/${var.project}/databases/${google_firestore_database.main.name}\""
  }
}

resource "google_storage_bucket_iam_member" "viewer_reads_pages" {
  bucket = google_storage_bucket.artifacts.name
  role   = "roles/storage.objectViewer"
  member = google_service_account.viewer.member

  condition {
    title      = "analyste-pages"
    expression = local.pages_only
  }
}

resource "google_cloudfunctions2_function" "viewer" {
  name        = "analyste-viewer"
  location    = var.region
  description = "Shows the reports, their signals, memos and hand-offs, read-only."

  build_config {
    runtime           = var.go_runtime
    entry_point       = "viewer"
    service_account   = google_service_account.build.id
    docker_repository = google_artifact_registry_repository.functions.id

    source {
      storage_source {
        bucket = google_storage_bucket.artifacts.name
        object = google_storage_bucket_object.source.name
      }
    }
  }

  # Reachable from outside, so that `gcloud run services proxy` can open it,
  # but Cloud Run lets through only the invokers granted below.
  service_config {
    service_account_email          = google_service_account.viewer.email
    max_instance_count             = var.function_limits["viewer"].max_instances
    available_memory               = var.function_limits["viewer"].memory
    timeout_seconds                = var.function_limits["viewer"].timeout_seconds
    ingress_settings               = "ALLOW_ALL"
    all_traffic_on_latest_revision = true
    environment_variables          = merge(local.environment, { ANALYSTE_READERS = "offline" })
  }

  # The build fails without these grants.
  depends_on = [
    google_project_iam_member.build_writes_logs,
    google_artifact_registry_repository_iam_member.build_pushes_images,
    google_storage_bucket_iam_member.build_reads_source,
  ]
}

resource "google_cloud_run_v2_service_iam_member" "viewer_invokers" {
  for_each = toset(var.viewer_invokers)

  location = var.region
  name     = google_cloudfunctions2_function.viewer.name
  role     = "roles/run.invoker"
  member   = each.value
}
