/* ss-dataset.h - the samples of one run, column by column, and its metrics.
 * The worker may build one whole (ss_dataset_new_from_trace, metrics
 * attached) before handing it over; from then on the main thread's. */
#pragma once

#include <glib-object.h>

#include <stickslip/metrics.h>
#include "ss-model-ref.h"

G_BEGIN_DECLS

#define SS_TYPE_DATASET (ss_dataset_get_type ())

G_DECLARE_FINAL_TYPE (SsDataset, ss_dataset, SS, DATASET, GObject)

SsDataset        *ss_dataset_new (SsModelRef *model);
SsDataset        *ss_dataset_new_from_trace (SsModelRef *model, const ss_trace *trace);
SsModelRef       *ss_dataset_get_model_ref (SsDataset *self);
const ss_model   *ss_dataset_get_model (SsDataset *self);
guint             ss_dataset_get_n_rows (SsDataset *self);
int               ss_dataset_get_n_columns (SsDataset *self);
int               ss_dataset_find_column (SsDataset *self, const char *name);
const double     *ss_dataset_get_times (SsDataset *self);
const double     *ss_dataset_get_column (SsDataset *self, int column);
double            ss_dataset_get_end_time (SsDataset *self);
void              ss_dataset_append_rows (SsDataset *self, guint n_rows, const double *times, const double *rows);
void              ss_dataset_append_events (SsDataset *self, guint n_events, const ss_event *events);
void              ss_dataset_append_peaks (SsDataset *self, guint n_peaks, const ss_peak *peaks);
const ss_event   *ss_dataset_get_events (SsDataset *self, guint *n_events);
guint             ss_dataset_lower_bound (SsDataset *self, double t);
gboolean          ss_dataset_get_row_at (SsDataset *self, double t, guint *row);
double            ss_dataset_get_value (SsDataset *self, guint row, int column);
gboolean          ss_dataset_get_column_range (SsDataset *self, int column, double *min, double *max);
gint64            ss_dataset_get_request_time (SsDataset *self);
void              ss_dataset_set_request_time (SsDataset *self, gint64 request_time);
ss_trace         *ss_dataset_to_trace (SsDataset *self);
void              ss_dataset_set_complete (SsDataset *self);
gboolean          ss_dataset_get_complete (SsDataset *self);
void              ss_dataset_set_display (SsDataset *self, double t0, double t1, guint n_bins, GPtrArray *per_column);
GPtrArray        *ss_dataset_get_display (SsDataset *self, double t0, double t1, guint n_bins);
void              ss_dataset_set_metrics (SsDataset *self, ss_metrics *metrics);
const ss_metrics *ss_dataset_get_metrics (SsDataset *self);

/* the options its run was computed with, and what they make a column's noise */
void               ss_dataset_set_run_options (SsDataset *self, const ss_run_opts *opts);
const ss_run_opts *ss_dataset_get_run_options (SsDataset *self);
double             ss_dataset_get_noise (SsDataset *self, int column);

G_END_DECLS
