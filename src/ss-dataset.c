/* ss-dataset.c - column-major sample storage: each series is a contiguous
 * array so per-pixel decimation walks memory linearly. */
#define G_LOG_DOMAIN "ss-dataset"

#include <math.h>

#include <stickslip/metrics.h>
#include "ss-dataset.h"
#include "ss-readable.h"

struct _SsDataset
{
  GObject     parent_instance;
  SsModelRef *model;
  int         n_columns;
  GArray     *times;        /* double, s */
  GArray    **columns;      /* n_columns arrays of double */
  GArray     *events;       /* ss_event */
  GArray     *peaks;        /* ss_peak: extremes on the dense output (metrics) */
  gboolean    watched;      /* the run watched the metrics' columns (peaks is theirs) */
  double     *col_min;      /* running min per column (NaN skipped) */
  double     *col_max;      /* running max per column */
  gint64      request_time; /* monotonic µs of the change that produced it, 0 once drawn */
  gboolean    complete;     /* the run is over: no rows follow */
  ss_metrics *metrics;      /* of the complete run, NULL: not measured yet */
  ss_run_opts opts;         /* the run's options (0: the default), as computed */
  /* the complete run decimated for a display (ss-series.c's bins per
   * column), made by the worker */
  GPtrArray *display;
  double     display_t0, display_t1;
  guint      display_n;
};

G_DEFINE_FINAL_TYPE (SsDataset, ss_dataset, G_TYPE_OBJECT)

static void
ss_dataset_finalize (GObject *object)
{
  SsDataset *self = (SsDataset *)object;

  for (int i = 0; i < self->n_columns; i++)
    g_array_unref (self->columns[i]);
  g_free (self->columns);
  g_free (self->col_min);
  g_free (self->col_max);
  g_clear_pointer (&self->times, g_array_unref);
  g_clear_pointer (&self->events, g_array_unref);
  g_clear_pointer (&self->peaks, g_array_unref);
  g_clear_pointer (&self->model, ss_model_ref_unref);
  g_clear_pointer (&self->metrics, ss_metrics_free);
  g_clear_pointer (&self->display, g_ptr_array_unref);

  G_OBJECT_CLASS (ss_dataset_parent_class)->finalize (object);
}

static void
ss_dataset_class_init (SsDatasetClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = ss_dataset_finalize;
}

static void
ss_dataset_init (SsDataset *self)
{
  self->times = g_array_new (FALSE, FALSE, sizeof (double));
  self->events = g_array_new (FALSE, FALSE, sizeof (ss_event));
  self->peaks = g_array_new (FALSE, FALSE, sizeof (ss_peak));
}

SsDataset *
ss_dataset_new (SsModelRef *model)
{
  SsDataset *self;

  g_return_val_if_fail (model != NULL, NULL);

  self = g_object_new (SS_TYPE_DATASET, NULL);
  self->model = ss_model_ref_ref (model);
  self->n_columns = ss_model_n_columns (ss_model_ref_get_model (model));
  self->columns = g_new0 (GArray *, self->n_columns);
  self->col_min = g_new (double, self->n_columns);
  self->col_max = g_new (double, self->n_columns);
  for (int i = 0; i < self->n_columns; i++)
    {
      self->columns[i] = g_array_new (FALSE, FALSE, sizeof (double));
      self->col_min[i] = INFINITY;
      self->col_max[i] = -INFINITY;
    }
  return self;
}

SsModelRef *
ss_dataset_get_model_ref (SsDataset *self)
{
  g_return_val_if_fail (SS_IS_DATASET (self), NULL);
  return self->model;
}

const ss_model *
ss_dataset_get_model (SsDataset *self)
{
  g_return_val_if_fail (SS_IS_DATASET (self), NULL);
  return ss_model_ref_get_model (self->model);
}

guint
ss_dataset_get_n_rows (SsDataset *self)
{
  g_return_val_if_fail (SS_IS_DATASET (self), 0);
  return self->times->len;
}

int
ss_dataset_get_n_columns (SsDataset *self)
{
  g_return_val_if_fail (SS_IS_DATASET (self), 0);
  return self->n_columns;
}

int
ss_dataset_find_column (SsDataset *self, const char *name)
{
  g_return_val_if_fail (SS_IS_DATASET (self), -1);
  return ss_model_column_find (ss_dataset_get_model (self), name);
}

const double *
ss_dataset_get_times (SsDataset *self)
{
  return (const double *)(gpointer)self->times->data;
}

const double *
ss_dataset_get_column (SsDataset *self, int column)
{
  g_return_val_if_fail (column >= 0 && column < self->n_columns, NULL);
  return (const double *)(gpointer)self->columns[column]->data;
}

double
ss_dataset_get_end_time (SsDataset *self)
{
  if (self->times->len == 0)
    return 0.0;
  return g_array_index (self->times, double, self->times->len - 1);
}

/* @rows is row-major, n_rows * n_columns values as the engine emits them. */
void
ss_dataset_append_rows (SsDataset *self, guint n_rows, const double *times, const double *rows)
{
  g_return_if_fail (SS_IS_DATASET (self));

  g_array_append_vals (self->times, times, n_rows);
  for (int c = 0; c < self->n_columns; c++)
    {
      GArray *col = self->columns[c];
      guint   old = col->len;

      g_array_set_size (col, old + n_rows);
      for (guint r = 0; r < n_rows; r++)
        {
          double v = rows[(gsize)r * self->n_columns + c];

          g_array_index (col, double, old + r) = v;
          if (isfinite (v))
            {
              if (v < self->col_min[c])
                self->col_min[c] = v;
              if (v > self->col_max[c])
                self->col_max[c] = v;
            }
        }
    }
}

void
ss_dataset_append_events (SsDataset *self, guint n_events, const ss_event *events)
{
  g_array_append_vals (self->events, events, n_events);
}

/* Extremes of the columns the metrics take, from a run that watched them
 * (ss_metrics_watch_sim); a run that appends them, none or more, is
 * measured on them (ss_dataset_to_trace). */
void
ss_dataset_append_peaks (SsDataset *self, guint n_peaks, const ss_peak *peaks)
{
  g_array_append_vals (self->peaks, peaks, n_peaks);
  self->watched = TRUE;
}

const ss_event *
ss_dataset_get_events (SsDataset *self, guint *n_events)
{
  *n_events = self->events->len;
  return (const ss_event *)(gpointer)self->events->data;
}

/* First row with time >= t (n_rows when none). */
guint
ss_dataset_lower_bound (SsDataset *self, double t)
{
  const double *times = ss_dataset_get_times (self);
  guint         lo = 0, hi = self->times->len;

  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (times[mid] < t)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

/* The last row at or before @t: what the system looked like at time t. */
gboolean
ss_dataset_get_row_at (SsDataset *self, double t, guint *row)
{
  guint n = self->times->len;
  guint i;

  if (n == 0)
    return FALSE;
  i = ss_dataset_lower_bound (self, t);
  if (i < n && ss_dataset_get_times (self)[i] <= t)
    {
      /* event samples share a time with the grid sample: take the last one */
      while (i + 1 < n && ss_dataset_get_times (self)[i + 1] <= t)
        i++;
    }
  else if (i > 0)
    i--;
  *row = i;
  return TRUE;
}

double
ss_dataset_get_value (SsDataset *self, guint row, int column)
{
  if (column < 0 || column >= self->n_columns || row >= self->times->len)
    return NAN;
  return g_array_index (self->columns[column], double, row);
}

gboolean
ss_dataset_get_column_range (SsDataset *self, int column, double *min, double *max)
{
  if (column < 0 || column >= self->n_columns || self->col_min[column] > self->col_max[column])
    return FALSE;
  *min = self->col_min[column];
  *max = self->col_max[column];
  return TRUE;
}

gint64
ss_dataset_get_request_time (SsDataset *self)
{
  return self->request_time;
}

void
ss_dataset_set_request_time (SsDataset *self, gint64 request_time)
{
  self->request_time = request_time;
}

/* A copy in the library's row-major form, for what the library computes
 * from a run (metrics, the events CSV, the examples' measurements); NULL
 * when out of memory.  Free with ss_trace_free(). */
ss_trace *
ss_dataset_to_trace (SsDataset *self)
{
  guint     n_rows = self->times->len;
  ss_trace *tr;
  double   *row;

  g_return_val_if_fail (SS_IS_DATASET (self), NULL);

  tr = ss_trace_new (self->n_columns);
  if (tr == NULL || !ss_trace_reserve (tr, n_rows))
    {
      ss_trace_free (tr);
      return NULL;
    }
  row = g_new (double, MAX (self->n_columns, 1));
  for (guint r = 0; r < n_rows; r++)
    {
      for (int c = 0; c < self->n_columns; c++)
        row[c] = g_array_index (self->columns[c], double, r);
      ss_trace_append_row (tr, g_array_index (self->times, double, r), row);
    }
  g_free (row);
  for (guint e = 0; e < self->events->len; e++)
    ss_trace_append_event (tr, &g_array_index (self->events, ss_event, e));
  for (guint p = 0; p < self->peaks->len; p++)
    ss_trace_append_peak (tr, &g_array_index (self->peaks, ss_peak, p));
  if (self->watched && !ss_metrics_mark_watched (ss_dataset_get_model (self), tr))
    tr->out_of_memory = TRUE;
  if (tr->out_of_memory)
    {
      ss_trace_free (tr);
      return NULL;
    }
  return tr;
}

/* The run is over (t_end reached, or failed): no rows follow. */
void
ss_dataset_set_complete (SsDataset *self)
{
  g_return_if_fail (SS_IS_DATASET (self));
  self->complete = TRUE;
}

gboolean
ss_dataset_get_complete (SsDataset *self)
{
  return self->complete;
}

/* A dataset holding @trace's rows and events, complete, with @trace's
 * metrics when it has rows: what the worker hands over whole, so the main
 * thread neither copies nor measures. */
SsDataset *
ss_dataset_new_from_trace (SsModelRef *model, const ss_trace *trace)
{
  SsDataset *self = ss_dataset_new (model);

  ss_dataset_append_rows (self, (guint)trace->n_rows, trace->t, trace->rows);
  ss_dataset_append_events (self, (guint)trace->n_events, trace->events);
  if (trace->watched != NULL)
    ss_dataset_append_peaks (self, (guint)trace->n_peaks, trace->peaks);
  if (!trace->out_of_memory)
    self->metrics = ss_metrics_compute (ss_model_ref_get_model (model), trace);
  self->complete = TRUE;
  return self;
}

/* Takes ownership of @metrics, those of the complete run. */
void
ss_dataset_set_metrics (SsDataset *self, ss_metrics *metrics)
{
  g_return_if_fail (SS_IS_DATASET (self));
  g_clear_pointer (&self->metrics, ss_metrics_free);
  self->metrics = metrics;
}

/* The complete run's metrics, or NULL when not measured (yet). */
const ss_metrics *
ss_dataset_get_metrics (SsDataset *self)
{
  g_return_val_if_fail (SS_IS_DATASET (self), NULL);
  return self->metrics;
}

/* The complete run decimated for a display of @n_bins pixel columns over
 * @t0..@t1, s: @per_column (taken, one block per column, NULL where none)
 * is what ss-series.c makes of each column (the worker prepares it so the
 * frame that shows the run only copies it). */
void
ss_dataset_set_display (SsDataset *self, double t0, double t1, guint n_bins, GPtrArray *per_column)
{
  g_return_if_fail (SS_IS_DATASET (self));
  g_clear_pointer (&self->display, g_ptr_array_unref);
  self->display = per_column;
  self->display_t0 = t0;
  self->display_t1 = t1;
  self->display_n = n_bins;
}

/* The decimation set for exactly this display, or NULL. */
GPtrArray *
ss_dataset_get_display (SsDataset *self, double t0, double t1, guint n_bins)
{
  g_return_val_if_fail (SS_IS_DATASET (self), NULL);
  if (self->display == NULL || self->display_t0 != t0 || self->display_t1 != t1 || self->display_n != n_bins)
    return NULL;
  return self->display;
}

/* The options the run was computed with (its tolerances: what its
 * readings can show); a field left 0 is the option's default.  Set by
 * whoever ran it, before the dataset is shared. */
void
ss_dataset_set_run_options (SsDataset *self, const ss_run_opts *opts)
{
  g_return_if_fail (SS_IS_DATASET (self));
  g_return_if_fail (opts != NULL);
  self->opts = *opts;
}

const ss_run_opts *
ss_dataset_get_run_options (SsDataset *self)
{
  g_return_val_if_fail (SS_IS_DATASET (self), NULL);
  return &self->opts;
}

/* The noise level of @column in this run: its run's relative tolerance of
 * its largest magnitude so far (ss_readable_noise); 0 when unknown. */
double
ss_dataset_get_noise (SsDataset *self, int column)
{
  double lo, hi;

  g_return_val_if_fail (SS_IS_DATASET (self), 0.0);
  if (!ss_dataset_get_column_range (self, column, &lo, &hi))
    return 0.0;
  return ss_readable_noise (MAX (fabs (lo), fabs (hi)), self->opts.rtol);
}
