provider "google" {
  project = var.project
  region  = var.region

  default_labels = {
    app = "analyste"
  }
}
