# Where analysts drop annual reports. Versioning keeps every generation: the
# extract function reads the generation its event names, so an overwrite or
# a deletion never loses the report being processed, and soft delete keeps
# deleted objects restorable.
resource "google_storage_bucket" "upload" {
  name                        = var.upload_bucket
  location                    = var.region
  uniform_bucket_level_access = true
  public_access_prevention    = "enforced"
  force_destroy               = var.allow_destroy

  versioning {
    enabled = true
  }

  soft_delete_policy {
    retention_duration_seconds = 30 * 24 * 3600
  }

  depends_on = [google_project_service.api]
}

# Page texts (pages/{id}.json, written by extract, read by signals) and the
# function source archives (sources/), which only the build account reads:
# the functions' grants hold under pages/ only.
resource "google_storage_bucket" "artifacts" {
  name                        = var.artifacts_bucket
  location                    = var.region
  uniform_bucket_level_access = true
  public_access_prevention    = "enforced"
  force_destroy               = var.allow_destroy

  depends_on = [google_project_service.api]
}

locals {
  # The IAM condition that holds a grant on the artifacts bucket to the page
  # texts.
  pages_only = "resource.name.startsWith(\"projects/_/buckets/${google_storage_bucket.artifacts.name}/objects/pages/\")"
  # The one that holds the build's grant to the source archives.
  sources_only = "resource.name.startsWith(\"projects/_/buckets/${google_storage_bucket.artifacts.name}/objects/sources/\")"
}

# The archive `make package` builds, named by its MD5 so that a new archive
# is a new object and redeploys the functions.
resource "google_storage_bucket_object" "source" {
  name   = "sources/function-source-${filemd5(var.source_archive)}.zip"
  bucket = google_storage_bucket.artifacts.name
  source = var.source_archive
}

# The images Cloud Build makes of the functions.
resource "google_artifact_registry_repository" "functions" {
  repository_id = "analyste-functions"
  location      = var.region
  format        = "DOCKER"
  description   = "Images of the analyste functions, built by Cloud Build."

  depends_on = [google_project_service.api]
}
