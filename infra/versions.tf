terraform {
  # 1.9: a variable's validation may refer to other variables and locals.
  required_version = ">= 1.9"

  # The state holds the viewer's form key: it lives in a versioned GCS
  # bucket of the platform team, never on a laptop nor in git. Partial
  # configuration: `terraform init -backend-config=backend.hcl` names the
  # bucket (infra/README.md).
  backend "gcs" {}

  required_providers {
    google = {
      source  = "hashicorp/google"
      version = "~> 6.50"
    }
    # The viewer's form key (viewer.tf).
    random = {
      source  = "hashicorp/random"
      version = "~> 3.6"
    }
  }
}
