locals {
  # Where the runs' data lives: what every function reads, the viewer
  # included (shared/platform.DataConfigFromEnv).
  data_environment = {
    GOOGLE_CLOUD_PROJECT      = var.project
    FIRESTORE_DATABASE        = google_firestore_database.main.name
    ANALYSTE_ARTIFACTS_BUCKET = google_storage_bucket.artifacts.name
  }

  # What the event functions read (shared/platform.ConfigFromEnv).
  environment = merge(local.data_environment, {
    GOOGLE_CLOUD_LOCATION = var.model_location
    ANALYSTE_READERS      = "vertex"
    ANALYSTE_MODEL        = var.model
    ANALYSTE_MAX_REREADS  = tostring(var.max_rereads)
    ANALYSTE_TOKEN_BUDGET = tostring(var.token_budget)
    ANALYSTE_LEASE        = var.lease
    ANALYSTE_MAX_ATTEMPTS = tostring(var.max_attempts)
  })

  # The lease in seconds, for the variables' validations; 0 when the lease
  # is malformed, which its own validation reports.
  lease_seconds = try(tonumber(regex("^[0-9]+", var.lease)) * { s = 1, m = 60, h = 3600 }[regex("[smh]$", var.lease)], 0)

  # The functions by entry point (analyste.go): the event that starts each
  # one and the environment of its own. A Firestore trigger fires on the
  # document the previous stage writes: extract writes extractions/{id},
  # signals writes signals/{id}.
  functions = {
    extract = {
      description    = "Reads an uploaded report, transcribes and checks its statements."
      event_type     = "google.cloud.storage.object.v1.finalized"
      trigger_region = var.region
      event_filters  = { bucket = google_storage_bucket.upload.name }
      path_patterns  = {}
      environment = {
        ANALYSTE_UPLOAD_PREFIX = var.upload_prefix
        ANALYSTE_MAX_PDF_BYTES = tostring(var.max_pdf_bytes)
        ANALYSTE_OCR_PROCESSOR = google_document_ai_processor.ocr.id
        # The OCR checks the text layer of a text PDF's statement pages and
        # quoted sentences against their print: a lying font is seen so.
        ANALYSTE_CONTROLE_OCR = "oui"
      }
    }
    signals = {
      description    = "Finds the risk signals of an extraction and verifies their quotes."
      event_type     = "google.cloud.firestore.document.v1.written"
      trigger_region = var.firestore_location
      event_filters  = { database = google_firestore_database.main.name }
      path_patterns  = { document = "extractions/{docId}" }
      environment    = {}
    }
    memo = {
      description    = "Writes and verifies the credit memo, or hands the case to a person."
      event_type     = "google.cloud.firestore.document.v1.written"
      trigger_region = var.firestore_location
      event_filters  = { database = google_firestore_database.main.name }
      path_patterns  = { document = "signals/{docId}" }
      environment    = {}
    }
  }
}

# The event functions and the viewer (viewer.tf) are built from the same
# archive; FUNCTION_TARGET (the entry point) selects which registered
# function serves.
resource "google_cloudfunctions2_function" "function" {
  for_each = local.functions

  name        = "analyste-${each.key}"
  location    = var.region
  description = each.value.description

  build_config {
    runtime           = var.go_runtime
    entry_point       = each.key
    service_account   = google_service_account.build.id
    docker_repository = google_artifact_registry_repository.functions.id

    source {
      storage_source {
        bucket = google_storage_bucket.artifacts.name
        object = google_storage_bucket_object.source.name
      }
    }
  }

  service_config {
    service_account_email            = google_service_account.function[each.key].email
    max_instance_count               = var.function_limits[each.key].max_instances
    available_memory                 = var.function_limits[each.key].memory
    available_cpu                    = var.function_limits[each.key].cpu
    max_instance_request_concurrency = var.function_limits[each.key].concurrency
    timeout_seconds                  = var.function_limits[each.key].timeout_seconds
    ingress_settings                 = "ALLOW_INTERNAL_ONLY"
    all_traffic_on_latest_revision   = true
    environment_variables            = merge(local.environment, each.value.environment, { GOMEMLIMIT = var.function_limits[each.key].go_memory_limit })
  }

  # Retries on: a function returns an error only for a transient failure
  # (shared/platform), and its claim makes a duplicate event harmless.
  # Eventarc retries for 24 hours; the managed trigger takes no dead-letter
  # topic, so the end is the claim's: after max_attempts takes, the next
  # delivery records echec and is acknowledged (validated in variables.tf).
  event_trigger {
    event_type            = each.value.event_type
    trigger_region        = each.value.trigger_region
    retry_policy          = "RETRY_POLICY_RETRY"
    service_account_email = google_service_account.trigger.email

    dynamic "event_filters" {
      for_each = each.value.event_filters
      content {
        attribute = event_filters.key
        value     = event_filters.value
      }
    }

    dynamic "event_filters" {
      for_each = each.value.path_patterns
      content {
        attribute = event_filters.key
        value     = event_filters.value
        operator  = "match-path-pattern"
      }
    }
  }

  # The build and the storage trigger fail without these grants.
  depends_on = [
    google_project_iam_member.build_writes_logs,
    google_artifact_registry_repository_iam_member.build_pushes_images,
    google_storage_bucket_iam_member.build_reads_source,
    google_project_iam_member.storage_agent_publishes,
    google_project_iam_member.trigger_receives_events,
  ]
}
