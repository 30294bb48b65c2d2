variable "project" {
  description = "ID of the Google Cloud project to deploy into."
  type        = string

  validation {
    condition     = can(regex("^[a-z][a-z0-9-]{4,28}[a-z0-9]$", var.project))
    error_message = "A project ID: 6 to 30 lowercase letters, digits or hyphens, starting with a letter."
  }
}

variable "region" {
  description = "Region of the functions, the buckets and the image repository; storage events are delivered here."
  type        = string
  default     = "europe-west1"

  validation {
    condition     = can(regex("^[a-z]+-[a-z]+[0-9]+$", var.region))
    error_message = "A Google Cloud region, such as europe-west1."
  }
}

variable "upload_bucket" {
  description = "Name of the bucket analysts drop annual reports (PDF) into; globally unique."
  type        = string

  validation {
    condition     = can(regex("^[a-z0-9][a-z0-9_-]{1,61}[a-z0-9]$", var.upload_bucket)) && !startswith(var.upload_bucket, "goog")
    error_message = "A bucket name: 3 to 63 lowercase letters, digits, hyphens or underscores, not starting with goog."
  }
}

variable "artifacts_bucket" {
  description = "Name of the bucket holding page texts and function source archives; globally unique, distinct from upload_bucket."
  type        = string

  validation {
    condition     = can(regex("^[a-z0-9][a-z0-9_-]{1,61}[a-z0-9]$", var.artifacts_bucket)) && !startswith(var.artifacts_bucket, "goog")
    error_message = "A bucket name: 3 to 63 lowercase letters, digits, hyphens or underscores, not starting with goog."
  }
}

variable "upload_prefix" {
  description = "Only objects under this prefix of the upload bucket are processed as reports (ANALYSTE_UPLOAD_PREFIX)."
  type        = string
  default     = "rapports/"

  validation {
    condition     = var.upload_prefix == "" || endswith(var.upload_prefix, "/")
    error_message = "Empty (the whole bucket) or a folder ending with /."
  }
}

variable "max_pdf_bytes" {
  description = "Largest report extract reads, in bytes (ANALYSTE_MAX_PDF_BYTES); larger files are refused with a reason."
  type        = number
  default     = 104857600

  validation {
    condition     = var.max_pdf_bytes > 0 && floor(var.max_pdf_bytes) == var.max_pdf_bytes
    error_message = "A positive whole number of bytes."
  }
}

variable "model" {
  description = "Gemini model on Vertex AI that reads the statements and writes the memo (ANALYSTE_MODEL)."
  type        = string
  default     = "gemini-2.5-flash"

  validation {
    condition     = can(regex("^gemini-[a-z0-9.-]+$", var.model))
    error_message = "A Gemini model ID, such as gemini-2.5-flash."
  }
}

variable "ocr_location" {
  description = "Document AI location of the OCR processor that reads scanned pages: eu or us (the PDF is processed there)."
  type        = string
  default     = "eu"

  validation {
    condition     = contains(["eu", "us"], var.ocr_location)
    error_message = "eu or us: the Document AI multi-regions."
  }
}

variable "model_location" {
  description = "Vertex AI location the model is called in (GOOGLE_CLOUD_LOCATION): a region or global."
  type        = string
  default     = "europe-west1"

  validation {
    condition     = var.model_location == "global" || can(regex("^[a-z]+-[a-z]+[0-9]+$", var.model_location))
    error_message = "A Google Cloud region, such as europe-west1, or global."
  }
}

variable "max_rereads" {
  description = "How many times a reader is asked again when the accounting checks fail (ANALYSTE_MAX_REREADS)."
  type        = number
  default     = 2

  validation {
    condition     = var.max_rereads >= 0 && floor(var.max_rereads) == var.max_rereads
    error_message = "A whole number, 0 or more."
  }
}

variable "token_budget" {
  description = "Input plus output tokens a report's model calls may use before no further re-read is made (ANALYSTE_TOKEN_BUDGET); 0 for no budget."
  type        = number
  default     = 0

  validation {
    condition     = var.token_budget >= 0 && floor(var.token_budget) == var.token_budget
    error_message = "A whole number of tokens, 0 or more."
  }
}

variable "lease" {
  description = "How long a stage's claim holds before another instance may take over (ANALYSTE_LEASE, a Go duration); above every event function's timeout (function_limits checks it)."
  type        = string
  default     = "15m"

  validation {
    condition     = can(regex("^[0-9]+(s|m|h)$", var.lease))
    error_message = "A duration in seconds, minutes or hours, such as 15m."
  }
}

variable "max_attempts" {
  description = "How many times a stage of a run is taken (instances that died, transient failures) before the next delivery ends the run in echec (ANALYSTE_MAX_ATTEMPTS)."
  type        = number
  default     = 3

  validation {
    condition     = var.max_attempts >= 1 && var.max_attempts <= 10 && floor(var.max_attempts) == var.max_attempts
    error_message = "A whole number from 1 to 10."
  }

  # Each take may hold the stage for a lease, and Eventarc waits up to
  # 10 minutes between deliveries: the takes and the delivery that ends the
  # run must fit in the 24 hours Eventarc retries an event for, or the event
  # is dropped with the run left unfinished.
  validation {
    condition     = (var.max_attempts + 1) * (local.lease_seconds + 600) <= 86400
    error_message = "max_attempts + 1 times (lease + 10 minutes) must fit in Eventarc's 24-hour retry window: lower max_attempts or the lease."
  }
}

variable "firestore_database" {
  description = "ID of the Firestore database the pipeline writes; (default) unless the project's default database is taken."
  type        = string
  default     = "(default)"

  validation {
    condition     = var.firestore_database == "(default)" || can(regex("^[a-z][a-z0-9-]{2,61}[a-z0-9]$", var.firestore_database))
    error_message = "(default) or 4 to 63 lowercase letters, digits or hyphens, starting with a letter."
  }
}

variable "review_database" {
  description = "ID of the Firestore database of the review (resolutions, corrections, memo versions), the only one the viewer writes."
  type        = string
  default     = "analyste-revue"

  validation {
    condition     = can(regex("^[a-z][a-z0-9-]{2,61}[a-z0-9]$", var.review_database)) && var.review_database != var.firestore_database
    error_message = "4 to 63 lowercase letters, digits or hyphens, starting with a letter, and not the pipeline's database."
  }
}

variable "corrections_checker" {
  description = "Maker/checker: a correction of a reading is applied (memo recomputed) only once a second reviewer accepts it."
  type        = bool
  default     = false
}

variable "firestore_location" {
  description = "Location of the Firestore database (a region or a multi-region such as eur3); Firestore events are delivered from it."
  type        = string
  default     = "eur3"

  validation {
    condition     = contains(["eur3", "nam5"], var.firestore_location) || can(regex("^[a-z]+-[a-z]+[0-9]+$", var.firestore_location))
    error_message = "eur3, nam5 or a Google Cloud region."
  }
}

variable "go_runtime" {
  description = "Cloud Functions Go runtime; must match the go directive of go.mod."
  type        = string
  default     = "go126"

  validation {
    condition     = can(regex("^go1[0-9]{2}$", var.go_runtime))
    error_message = "A Go runtime ID, such as go126."
  }
}

variable "function_limits" {
  description = "Per function, the viewer included: most instances at once, memory (such as 1Gi), vCPU (such as 1), requests one instance serves at once, the Go runtime's soft memory limit GOMEMLIMIT (such as 870MiB, below memory) and timeout in seconds (at most 540)."
  type = map(object({
    max_instances   = number
    memory          = string
    cpu             = string
    concurrency     = number
    go_memory_limit = string
    timeout_seconds = number
  }))
  # Sized from the peaks measured on the real filings and the hostile files
  # of testdata/bad (`analyste pages` and `analyste run` under
  # /usr/bin/time -v; TestHostileFiles reads each within 512 MiB):
  # - extract reads one PDF per instance: the text layer's budgets bound a
  #   document within half its memory, the upload held beside it. A whole
  #   vCPU, since reading and the offline reader are CPU bound and 1 GiB
  #   alone gets 0.583 of one.
  # - signals and memo spend their time waiting on Gemini: four events share
  #   an instance's vCPU, each holding page texts bounded by the text budget.
  # - the viewer serves a page at a time to a few analysts.
  # GOMEMLIMIT sits at 85 % of memory: the collector works harder before the
  # instance is stopped, and the rest is the runtime's own (stacks, binary).
  default = {
    extract = { max_instances = 5, memory = "1Gi", cpu = "1", concurrency = 1, go_memory_limit = "870MiB", timeout_seconds = 540 }
    signals = { max_instances = 3, memory = "1Gi", cpu = "1", concurrency = 4, go_memory_limit = "870MiB", timeout_seconds = 300 }
    memo    = { max_instances = 3, memory = "1Gi", cpu = "1", concurrency = 4, go_memory_limit = "870MiB", timeout_seconds = 300 }
    viewer  = { max_instances = 2, memory = "512Mi", cpu = "1", concurrency = 8, go_memory_limit = "435MiB", timeout_seconds = 60 }
  }

  validation {
    condition     = toset(keys(var.function_limits)) == toset(["extract", "signals", "memo", "viewer"])
    error_message = "Limits for exactly extract, signals, memo and viewer."
  }

  validation {
    condition = alltrue([
      for l in values(var.function_limits) :
      l.max_instances >= 1 && l.timeout_seconds >= 1 && l.timeout_seconds <= 540 && can(regex("^[0-9]+(Mi|Gi)$", l.memory))
    ])
    error_message = "max_instances at least 1, timeout_seconds from 1 to 540, memory such as 512Mi or 1Gi."
  }

  # Cloud Run serves more than one request at a time only with a whole vCPU,
  # and stops an instance past its memory: the Go runtime must collect
  # before that.
  validation {
    condition = alltrue([
      for l in values(var.function_limits) :
      can(tonumber(l.cpu)) && l.concurrency >= 1 && (l.concurrency == 1 || try(tonumber(l.cpu) >= 1, false)) &&
      can(regex("^[0-9]+MiB$", l.go_memory_limit)) &&
      try(tonumber(regex("^[0-9]+", l.go_memory_limit)) < tonumber(regex("^[0-9]+", l.memory)) * (can(regex("Gi$", l.memory)) ? 1024 : 1), false)
    ])
    error_message = "cpu a number of vCPU, concurrency at least 1 (above 1 only with cpu of 1 or more), go_memory_limit such as 870MiB and below memory."
  }

  # A claim must outlive the run that holds it, or a redelivery would start
  # a second run beside the first (the viewer holds no claim).
  validation {
    condition = alltrue([
      for name, l in var.function_limits : name == "viewer" || l.timeout_seconds < local.lease_seconds
    ])
    error_message = "Each event function's timeout_seconds must be below the lease."
  }
}

variable "viewer_invokers" {
  description = "Who may open the viewer (roles/run.invoker): named users or groups, such as user:ana@example.com or group:credit@example.com; domain:example.com only with viewer_allow_domains."
  type        = list(string)
  default     = []

  # Named people only: the viewer shows borrowers' confidential figures.
  validation {
    condition = alltrue([
      for m in var.viewer_invokers : can(regex("^(user|group):[^@\\s]+@[^@\\s]+$", m)) || var.viewer_allow_domains && can(regex("^domain:[a-z0-9.-]+$", m))
    ])
    error_message = "Members of the form user:EMAIL or group:EMAIL (domain:DOMAIN with viewer_allow_domains = true); public members, service accounts and principal sets are refused."
  }
}

variable "viewer_allow_domains" {
  description = "Lets viewer_invokers hold domain: members, which open the viewer to every account of a Google Workspace or Cloud Identity domain."
  type        = bool
  default     = false
}

variable "viewer_hosts" {
  description = "Host names the viewer answers besides localhost and its own *.run.app (a custom domain in front of it); any other Host is refused, so that a page rebinding its own name to the viewer reaches nothing."
  type        = list(string)
  default     = []

  validation {
    condition     = alltrue([for h in var.viewer_hosts : can(regex("^[a-z0-9.-]+$", h))])
    error_message = "Host names in lower case, without scheme nor port."
  }
}

variable "source_archive" {
  description = "Path of the function source archive that `make package` builds."
  type        = string
  default     = "../dist/function-source.zip"
}

variable "allow_destroy" {
  description = "Lets terraform destroy delete the buckets with their objects and the Firestore database; keep false outside teardown."
  type        = bool
  default     = false
}

variable "notification_channels" {
  description = "Cloud Monitoring notification channels (projects/…/notificationChannels/…) the alerts of monitoring.tf notify; none when empty, the alerts still open incidents in the console."
  type        = list(string)
  default     = []
}

variable "alert_thresholds" {
  description = "Thresholds of the alerts on the rates that reveal a drift (monitoring.tf, docs/operations.md): means per report over an hour, shares of memos over an hour, permanent failures per cause in an hour."
  type = object({
    citations_rejetees        = number
    relectures                = number
    divergences_lecteurs      = number
    signaux_critiques_ajoutes = number
    memos_refuses             = number
    abstentions               = number
    echecs                    = number
    abandons                  = number
  })
  default = {
    citations_rejetees        = 2
    relectures                = 0.5
    divergences_lecteurs      = 1
    signaux_critiques_ajoutes = 1
    memos_refuses             = 0.1
    abstentions               = 0.3
    echecs                    = 5
    abandons                  = 0
  }
}
