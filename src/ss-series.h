/* ss-series.h - one column of a dataset against time, with a min/max
 * decimation per pixel column (cached; appended rows update it in place). */
#pragma once

#include <glib-object.h>

#include "ss-dataset.h"

G_BEGIN_DECLS

typedef struct
{
  double   min;
  double   max;
  double   first;
  double   last;
  double   t_first;
  double   t_last;
  guint    count;
  gboolean gap_before; /* an undetermined value since the previous sample */
} SsSeriesBin;

#define SS_TYPE_SERIES (ss_series_get_type ())

G_DECLARE_FINAL_TYPE (SsSeries, ss_series, SS, SERIES, GObject)

SsSeries          *ss_series_new (const char *column);
const char        *ss_series_get_column (SsSeries *self);
int                ss_series_get_column_index (SsSeries *self);
void               ss_series_set_dataset (SsSeries *self, SsDataset *dataset);
SsDataset         *ss_series_get_dataset (SsSeries *self);
guint              ss_series_get_revision (SsSeries *self);
double             ss_series_get_data_end (SsSeries *self);
gboolean           ss_series_get_complete (SsSeries *self);
gboolean           ss_series_has_data (SsSeries *self);
const SsSeriesBin *ss_series_get_bins (SsSeries *self, double t0, double t1, guint n_bins);
gboolean           ss_series_get_range (SsSeries *self, double t0, double t1, guint n_bins, double *min, double *max);
double             ss_series_value_at (SsSeries *self, double t);
void               ss_series_set_reveal_end (SsSeries *self, double t);
SsSeries          *ss_series_freeze (SsSeries *self, double t0, double t1, guint n_bins);
void               ss_series_prepare_display (SsDataset *dataset, double t0, double t1, guint n_bins);

G_END_DECLS
