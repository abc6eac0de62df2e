/* ss-metrics-panel.h - the run metrics of model/include/stickslip/metrics.h in a table:
 * one row per metric (human name, unit), one column per run given (the
 * current run, a pinned one, ...); "—" where a metric is undetermined.
 * The table copies as tab-separated text (Copy, or Ctrl+C for the rows
 * selected). */
#pragma once

#include <gtk/gtk.h>

#include "ss-dataset.h"

G_BEGIN_DECLS

#define SS_TYPE_METRICS_PANEL (ss_metrics_panel_get_type ())

G_DECLARE_FINAL_TYPE (SsMetricsPanel, ss_metrics_panel, SS, METRICS_PANEL, GtkWidget)

void        ss_metrics_panel_set_runs (SsMetricsPanel    *self,
                                       GPtrArray         *datasets,
                                       const char *const *names,
                                       const char *const *titles,
                                       const char *const *tooltips);
guint       ss_metrics_panel_get_n_refreshes (SsMetricsPanel *self);
const char *ss_metrics_panel_get_run_title (SsMetricsPanel *self, guint run);
guint       ss_metrics_panel_get_n_runs (SsMetricsPanel *self);
guint       ss_metrics_panel_get_n_rows (SsMetricsPanel *self);
const char *ss_metrics_panel_get_name (SsMetricsPanel *self, guint row);
double      ss_metrics_panel_get_value (SsMetricsPanel *self, guint row, guint run);
const char *ss_metrics_panel_get_note (SsMetricsPanel *self, guint row, guint run);
char       *ss_metrics_panel_dup_text (SsMetricsPanel *self, gboolean selected_only);
void        ss_metrics_panel_copy (SsMetricsPanel *self);

G_END_DECLS
