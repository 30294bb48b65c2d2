terraform {
  # 1.9: a variable's validation may refer to other variables and locals.
  required_version = ">= 1.9"

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
