# The viewer: pages over the pipeline's documents, page texts and uploaded
# PDFs. It calls no model (it runs with offline readers) and writes in the
# review database only (review.tf): resolutions, corrections, memo versions.
resource "google_service_account" "viewer" {
  account_id   = "analyste-viewer"
  display_name = "analyste viewer"
  description  = "Reads the pipeline's documents, page texts and uploads for the viewer; records the review in its own database."
}

# Read only on the pipeline's database: what reviewers write goes to the
# review database (review.tf), since Firestore's IAM scopes a grant to a
# database, never to a collection.
resource "google_project_iam_custom_role" "viewer" {
  role_id     = "analysteViewer"
  title       = "analyste viewer"
  description = "Reads the analyste pipeline's documents; creates, updates and deletes none."
  permissions = [
    "datastore.databases.get",
    "datastore.databases.getMetadata",
    "datastore.entities.get",
    "datastore.entities.list",
  ]
}

resource "google_project_iam_member" "viewer_firestore" {
  project = var.project
  role    = google_project_iam_custom_role.viewer.id
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

# The page view shows the uploaded PDF, which the viewer reads itself and
# serves, no-store, to whoever may open it: the bucket stays private. Read
# only, and only the reports, under the upload prefix.
resource "google_storage_bucket_iam_member" "viewer_reads_uploads" {
  bucket = google_storage_bucket.upload.name
  role   = "roles/storage.objectViewer"
  member = google_service_account.viewer.member

  condition {
    title      = "analyste-reports"
    expression = "resource.name.startsWith(\"projects/_/buckets/${google_storage_bucket.upload.name}/objects/${var.upload_prefix}\")"
  }
}

# The key the viewer signs its resolve forms' tokens with (HMAC): drawn
# once by Terraform, kept in Secret Manager, readable by the viewer only.
# Every instance reads the same key, so a form served by one is accepted
# by another.
resource "random_password" "viewer_form_key" {
  length  = 64
  special = false
}

resource "google_secret_manager_secret" "viewer_form_key" {
  secret_id = "analyste-viewer-form-key"

  replication {
    auto {}
  }

  depends_on = [google_project_service.api]
}

resource "google_secret_manager_secret_version" "viewer_form_key" {
  secret      = google_secret_manager_secret.viewer_form_key.id
  secret_data = random_password.viewer_form_key.result
}

resource "google_secret_manager_secret_iam_member" "viewer_reads_form_key" {
  secret_id = google_secret_manager_secret.viewer_form_key.id
  role      = "roles/secretmanager.secretAccessor"
  member    = google_service_account.viewer.member
}

resource "google_cloudfunctions2_function" "viewer" {
  name        = "analyste-viewer"
  location    = var.region
  description = "Shows the reports, their signals, memos, hand-offs and printed pages; records resolutions and corrections."

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
    service_account_email            = google_service_account.viewer.email
    max_instance_count               = var.function_limits["viewer"].max_instances
    available_memory                 = var.function_limits["viewer"].memory
    available_cpu                    = var.function_limits["viewer"].cpu
    max_instance_request_concurrency = var.function_limits["viewer"].concurrency
    timeout_seconds                  = var.function_limits["viewer"].timeout_seconds
    ingress_settings                 = "ALLOW_ALL"
    all_traffic_on_latest_revision   = true
    environment_variables = merge(local.data_environment, {
      GOMEMLIMIT                   = var.function_limits["viewer"].go_memory_limit
      ANALYSTE_REVIEW_DATABASE     = google_firestore_database.review.name
      ANALYSTE_CORRECTIONS_CHECKER = tostring(var.corrections_checker)
      ANALYSTE_VIEWER_HOSTS        = join(",", var.viewer_hosts)
    })

    secret_environment_variables {
      key        = "ANALYSTE_VIEWER_FORM_KEY"
      project_id = var.project
      secret     = google_secret_manager_secret.viewer_form_key.secret_id
      version    = "latest"
    }
  }

  # The build fails without the build grants, the deployment without the
  # secret's version and the viewer's access to it.
  depends_on = [
    google_project_iam_member.build_writes_logs,
    google_artifact_registry_repository_iam_member.build_pushes_images,
    google_storage_bucket_iam_member.build_reads_source,
    google_secret_manager_secret_version.viewer_form_key,
    google_secret_manager_secret_iam_member.viewer_reads_form_key,
  ]
}

resource "google_cloud_run_v2_service_iam_member" "viewer_invokers" {
  for_each = toset(var.viewer_invokers)

  location = var.region
  name     = google_cloudfunctions2_function.viewer.name
  role     = "roles/run.invoker"
  member   = each.value
}
