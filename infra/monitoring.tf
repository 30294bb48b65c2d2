# The rates that reveal a drift, watched: log-based metrics on the counters
# each stage logs on its « étape terminée » line (shared/schema Counters,
# top-level fields), alerts on their thresholds (var.alert_thresholds), and
# one dashboard. What each alert means and who acts: docs/operations.md.

locals {
  # The functions' log lines, wherever Cloud Run runs them.
  function_logs = "resource.type=\"cloud_run_revision\" AND resource.labels.service_name=(\"analyste-extract\" OR \"analyste-signals\" OR \"analyste-memo\")"
  stage_done    = "${local.function_logs} AND jsonPayload.message=\"étape terminée\""

  # Counters each report logs once, at the end of a stage: a distribution
  # per metric, alerted on its mean over an hour.
  per_report = {
    citations_rejetees = {
      etape       = "signaux"
      champ       = "signaux_rejetes"
      titre       = "Citations rejetées par rapport"
      description = "Signals whose quote was not found word for word in the report, per report."
    }
    relectures = {
      etape       = "extraction"
      champ       = "relectures"
      titre       = "Relectures par rapport, par source"
      description = "Re-reads the checks asked for, per report, by the folder the report was dropped in."
    }
    divergences_lecteurs = {
      etape       = "extraction"
      champ       = "divergences_lecteurs"
      titre       = "Divergences entre les deux lecteurs par rapport"
      description = "Fields the model and the offline reader read differently, per report."
    }
    signaux_critiques_ajoutes = {
      etape       = "signaux"
      champ       = "signaux_critiques_ajoutes"
      titre       = "Signaux critiques ajoutés par le filet par rapport"
      description = "Critical signals the net added that the model had not reported, per report."
    }
  }

  # Memos of one kind among all memos: a count, alerted on its share.
  memo_shares = {
    memos_refuses = {
      filtre      = "jsonPayload.memo_refuse_apres_reecriture=true"
      titre       = "Mémos refusés après réécriture"
      description = "Memos still refused by the verification after their rewrite."
    }
    abstentions = {
      filtre      = "jsonPayload.statut=\"abstention\""
      titre       = "Abstentions"
      description = "Runs handed to a person because a claim could not be verified."
    }
  }
}

resource "google_logging_metric" "per_report" {
  for_each = local.per_report

  name        = "analyste/${each.key}"
  description = each.value.description
  filter      = "${local.stage_done} AND jsonPayload.etape=\"${each.value.etape}\""

  metric_descriptor {
    metric_kind  = "DELTA"
    value_type   = "DISTRIBUTION"
    unit         = "1"
    display_name = each.value.titre

    labels {
      key         = "source"
      value_type  = "STRING"
      description = "Folder of the uploaded report under the bucket."
    }
  }

  value_extractor = "EXTRACT(jsonPayload.${each.value.champ})"
  label_extractors = {
    source = "REGEXP_EXTRACT(jsonPayload.objet, \"^(.*)/[^/]*$\")"
  }

  bucket_options {
    explicit_buckets {
      bounds = [0, 1, 2, 3, 5, 8, 13, 21]
    }
  }
}

resource "google_logging_metric" "memos" {
  name        = "analyste/memos"
  description = "Memo stages ended, the denominator of the memos' shares."
  filter      = "${local.stage_done} AND jsonPayload.etape=\"memo\""

  metric_descriptor {
    metric_kind  = "DELTA"
    value_type   = "INT64"
    unit         = "1"
    display_name = "Mémos"
  }
}

resource "google_logging_metric" "memo_share" {
  for_each = local.memo_shares

  name        = "analyste/${each.key}"
  description = each.value.description
  filter      = "${local.stage_done} AND jsonPayload.etape=\"memo\" AND ${each.value.filtre}"

  metric_descriptor {
    metric_kind  = "DELTA"
    value_type   = "INT64"
    unit         = "1"
    display_name = each.value.titre
  }
}

# Runs ended in echec for good, by stage and cause: the first words of the
# reason (« Le fichier n'est pas un PDF », « Accès refusé »…).
resource "google_logging_metric" "echecs" {
  name        = "analyste/echecs"
  description = "Stages ended in echec for good (reessayable false), by stage and cause."
  filter      = "${local.function_logs} AND jsonPayload.message=\"échec de l'étape\" AND jsonPayload.reessayable=false"

  metric_descriptor {
    metric_kind  = "DELTA"
    value_type   = "INT64"
    unit         = "1"
    display_name = "Échecs par cause"

    labels {
      key         = "etape"
      value_type  = "STRING"
      description = "Stage that failed."
    }
    labels {
      key         = "cause"
      value_type  = "STRING"
      description = "First words of the recorded reason."
    }
  }

  label_extractors = {
    etape = "EXTRACT(jsonPayload.etape)"
    cause = "REGEXP_EXTRACT(jsonPayload.motif, \"^([^:.(]+)\")"
  }
}

# Runs given up after too many takes: a document that kills its instance.
resource "google_logging_metric" "abandons" {
  name        = "analyste/abandons"
  description = "Stages given up after ANALYSTE_MAX_ATTEMPTS takes that did not end (document impossible à traiter)."
  filter      = "${local.function_logs} AND jsonPayload.message=\"document impossible à traiter : étape abandonnée, échec enregistré\""

  metric_descriptor {
    metric_kind  = "DELTA"
    value_type   = "INT64"
    unit         = "1"
    display_name = "Étapes abandonnées"

    labels {
      key         = "etape"
      value_type  = "STRING"
      description = "Stage given up."
    }
  }

  label_extractors = {
    etape = "EXTRACT(jsonPayload.etape)"
  }
}

resource "google_monitoring_alert_policy" "per_report" {
  for_each = local.per_report

  display_name          = "analyste : ${each.value.titre}"
  combiner              = "OR"
  notification_channels = var.notification_channels

  conditions {
    display_name = "moyenne sur une heure au-dessus de ${var.alert_thresholds[each.key]}"

    condition_threshold {
      filter          = "resource.type=\"cloud_run_revision\" AND metric.type=\"logging.googleapis.com/user/${google_logging_metric.per_report[each.key].name}\""
      comparison      = "COMPARISON_GT"
      threshold_value = var.alert_thresholds[each.key]
      duration        = "0s"

      aggregations {
        alignment_period     = "3600s"
        per_series_aligner   = "ALIGN_MEAN"
        cross_series_reducer = "REDUCE_MEAN"
        group_by_fields      = ["metric.label.source"]
      }
    }
  }

  documentation {
    content   = "La moyenne par rapport de « ${each.value.titre} » dépasse ${var.alert_thresholds[each.key]} sur une heure. Sens et responsable : docs/operations.md, section ${each.key}."
    mime_type = "text/markdown"
  }
}

resource "google_monitoring_alert_policy" "memo_share" {
  for_each = local.memo_shares

  display_name          = "analyste : ${each.value.titre}"
  combiner              = "OR"
  notification_channels = var.notification_channels

  conditions {
    display_name = "part des mémos sur une heure au-dessus de ${var.alert_thresholds[each.key]}"

    condition_threshold {
      filter             = "resource.type=\"cloud_run_revision\" AND metric.type=\"logging.googleapis.com/user/${google_logging_metric.memo_share[each.key].name}\""
      denominator_filter = "resource.type=\"cloud_run_revision\" AND metric.type=\"logging.googleapis.com/user/${google_logging_metric.memos.name}\""
      comparison         = "COMPARISON_GT"
      threshold_value    = var.alert_thresholds[each.key]
      duration           = "0s"

      aggregations {
        alignment_period     = "3600s"
        per_series_aligner   = "ALIGN_DELTA"
        cross_series_reducer = "REDUCE_SUM"
      }
      denominator_aggregations {
        alignment_period     = "3600s"
        per_series_aligner   = "ALIGN_DELTA"
        cross_series_reducer = "REDUCE_SUM"
      }
    }
  }

  documentation {
    content   = "La part « ${each.value.titre} » dépasse ${var.alert_thresholds[each.key]} des mémos sur une heure. Sens et responsable : docs/operations.md, section ${each.key}."
    mime_type = "text/markdown"
  }
}

resource "google_monitoring_alert_policy" "echecs" {
  display_name          = "analyste : Échecs par cause"
  combiner              = "OR"
  notification_channels = var.notification_channels

  conditions {
    display_name = "plus de ${var.alert_thresholds.echecs} échecs d'une même cause en une heure"

    condition_threshold {
      filter          = "resource.type=\"cloud_run_revision\" AND metric.type=\"logging.googleapis.com/user/${google_logging_metric.echecs.name}\""
      comparison      = "COMPARISON_GT"
      threshold_value = var.alert_thresholds.echecs
      duration        = "0s"

      aggregations {
        alignment_period     = "3600s"
        per_series_aligner   = "ALIGN_DELTA"
        cross_series_reducer = "REDUCE_SUM"
        group_by_fields      = ["metric.label.etape", "metric.label.cause"]
      }
    }
  }

  documentation {
    content   = "Une même cause d'échec revient plus de ${var.alert_thresholds.echecs} fois en une heure. Sens et responsable : docs/operations.md, section echecs."
    mime_type = "text/markdown"
  }
}

resource "google_monitoring_alert_policy" "abandons" {
  display_name          = "analyste : Étapes abandonnées"
  combiner              = "OR"
  notification_channels = var.notification_channels

  conditions {
    display_name = "plus de ${var.alert_thresholds.abandons} étape(s) abandonnée(s) en une heure"

    condition_threshold {
      filter          = "resource.type=\"cloud_run_revision\" AND metric.type=\"logging.googleapis.com/user/${google_logging_metric.abandons.name}\""
      comparison      = "COMPARISON_GT"
      threshold_value = var.alert_thresholds.abandons
      duration        = "0s"

      aggregations {
        alignment_period     = "3600s"
        per_series_aligner   = "ALIGN_DELTA"
        cross_series_reducer = "REDUCE_SUM"
        group_by_fields      = ["metric.label.etape"]
      }
    }
  }

  documentation {
    content   = "Un document a tué son instance à chaque prise et son étape a été abandonnée. Sens et responsable : docs/operations.md, section abandons."
    mime_type = "text/markdown"
  }
}

locals {
  # Every watched metric, one chart each on the dashboard.
  watched_metrics = merge(
    { for k, m in google_logging_metric.per_report : k => m.name },
    { for k, m in google_logging_metric.memo_share : k => m.name },
    {
      memos    = google_logging_metric.memos.name
      echecs   = google_logging_metric.echecs.name
      abandons = google_logging_metric.abandons.name
    },
  )
}

resource "google_monitoring_dashboard" "rates" {
  dashboard_json = jsonencode({
    displayName = "analyste : les taux qui révèlent une dérive"
    mosaicLayout = {
      columns = 12
      tiles = [for i, k in sort(keys(local.watched_metrics)) : {
        xPos   = (i % 2) * 6
        yPos   = floor(i / 2) * 4
        width  = 6
        height = 4
        widget = {
          title = k
          xyChart = {
            dataSets = [{
              plotType = "LINE"
              timeSeriesQuery = {
                timeSeriesFilter = {
                  filter = "metric.type=\"logging.googleapis.com/user/${local.watched_metrics[k]}\""
                  aggregation = {
                    alignmentPeriod  = "3600s"
                    perSeriesAligner = "ALIGN_DELTA"
                  }
                }
              }
            }]
          }
        }
      }]
    }
  })
}
