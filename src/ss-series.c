/* ss-series.c
 *
 * Bins 1..n cover the visible time range, one per pixel column; bin 0 holds
 * the last sample before it and bin n+1 the first one after it, so lines run
 * to the edges.  An undetermined (NaN) value breaks the line: it is never
 * bridged by an invented value. */
#define G_LOG_DOMAIN "ss-series"

#include <math.h>
#include <string.h>

#include "ss-series.h"

/* Summary of BLOCK consecutive samples, built once per dataset and reused
 * by every zoom level: re-binning a million samples reads 1/BLOCK as much. */
#define BLOCK 64

typedef struct
{
  double   min, max;
  double   first, last;     /* first and last valid values */
  double   t_first, t_last; /* their times */
  guint    count;           /* valid samples */
  gboolean nan_before;      /* an undetermined value before the first valid one */
  gboolean nan_inside;      /* ... between valid ones */
  gboolean nan_after;       /* ... after the last valid one */
} Block;

struct _SsSeries
{
  GObject    parent_instance;
  char      *column_name;
  SsDataset *dataset;
  int        column;
  guint      revision; /* grows with every change of dataset */
  /* decimation cache: a g_atomic_rc_box, shared with the frozen copies
   * made since it was filled (bins_shared), which draw it on a render
   * thread: written only once it is the series' own again (own_bins) */
  SsSeriesBin *bins;
  gboolean     bins_shared;
  guint        n_bins;
  double       t0;
  double       t1;
  guint        processed;   /* rows folded into the bins so far */
  gboolean     gap_pending; /* NaN seen since the last valid sample */
  gboolean     valid;
  GArray      *blocks;     /* Block per BLOCK rows of the dataset */
  double       reveal_end; /* rows after this time are not shown yet, s (INFINITY: all) */

  /* the bins' value range (ss_series_get_range), while the bins stay */
  gboolean range_known;
  gboolean range_any;
  double   range_min, range_max;
};

G_DEFINE_FINAL_TYPE (SsSeries, ss_series, G_TYPE_OBJECT)

static void
ss_series_finalize (GObject *object)
{
  SsSeries *self = (SsSeries *)object;

  g_clear_object (&self->dataset);
  g_free (self->column_name);
  if (self->bins != NULL)
    g_atomic_rc_box_release (self->bins);
  g_clear_pointer (&self->blocks, g_array_unref);

  G_OBJECT_CLASS (ss_series_parent_class)->finalize (object);
}

static void
ss_series_class_init (SsSeriesClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = ss_series_finalize;
}

static void
ss_series_init (SsSeries *self)
{
  self->column = -1;
  self->reveal_end = INFINITY;
  self->blocks = g_array_new (FALSE, FALSE, sizeof (Block));
}

SsSeries *
ss_series_new (const char *column)
{
  SsSeries *self = g_object_new (SS_TYPE_SERIES, NULL);

  self->column_name = g_strdup (column);
  return self;
}

const char *
ss_series_get_column (SsSeries *self)
{
  return self->column_name;
}

/* The index of the series' column in its dataset (-1: none, or no
 * dataset): what ss_dataset_find_column () finds by name. */
int
ss_series_get_column_index (SsSeries *self)
{
  return self->column;
}

void
ss_series_set_dataset (SsSeries *self, SsDataset *dataset)
{
  g_return_if_fail (SS_IS_SERIES (self));

  if (self->dataset == dataset)
    return;
  g_set_object (&self->dataset, dataset);
  self->revision++;
  self->column = dataset ? ss_dataset_find_column (dataset, self->column_name) : -1;
  self->valid = FALSE;
  g_array_set_size (self->blocks, 0);
}

SsDataset *
ss_series_get_dataset (SsSeries *self)
{
  return self->dataset;
}

/* Grows each time the series is given another dataset (appended rows do
 * not count: they only extend the data). */
guint
ss_series_get_revision (SsSeries *self)
{
  return self->revision;
}

/* Time of the last row shown, s; +INFINITY without a dataset (no rows can
 * come). */
double
ss_series_get_data_end (SsSeries *self)
{
  return self->dataset ? MIN (ss_dataset_get_end_time (self->dataset), self->reveal_end) : INFINITY;
}

/* No rows can follow those shown: the run is over and all of it shown. */
gboolean
ss_series_get_complete (SsSeries *self)
{
  return self->dataset == NULL ||
         (ss_dataset_get_complete (self->dataset) && !(self->reveal_end < ss_dataset_get_end_time (self->dataset)));
}

/* Rows shown: those up to the reveal time. */
static guint
shown_rows (SsSeries *self)
{
  guint n = ss_dataset_get_n_rows (self->dataset);
  guint i;

  if (!(self->reveal_end < ss_dataset_get_end_time (self->dataset)))
    return n;
  /* the first row after the reveal time */
  i = ss_dataset_lower_bound (self->dataset, self->reveal_end);
  while (i < n && ss_dataset_get_times (self->dataset)[i] <= self->reveal_end)
    i++;
  return i;
}

/* Shows the rows up to @t only (the curves appear as a run plays);
 * INFINITY or NaN: all of them. */
void
ss_series_set_reveal_end (SsSeries *self, double t)
{
  g_return_if_fail (SS_IS_SERIES (self));

  self->reveal_end = isnan (t) ? INFINITY : t;
}

gboolean
ss_series_has_data (SsSeries *self)
{
  return self->dataset != NULL && self->column >= 0 && ss_dataset_get_n_rows (self->dataset) > 0;
}

static void
update_blocks (SsSeries *self, guint n_rows)
{
  const double *t = ss_dataset_get_times (self->dataset);
  const double *v = ss_dataset_get_column (self->dataset, self->column);
  guint         done = self->blocks->len * BLOCK;

  for (; done + BLOCK <= n_rows; done += BLOCK)
    {
      Block    b = { 0 };
      gboolean nan_pending = FALSE;

      for (guint i = done; i < done + BLOCK; i++)
        {
          if (isnan (v[i]))
            {
              nan_pending = TRUE;
              continue;
            }
          if (b.count == 0)
            {
              b.min = b.max = b.first = v[i];
              b.t_first = t[i];
              b.nan_before = nan_pending;
            }
          else
            {
              b.min = MIN (b.min, v[i]);
              b.max = MAX (b.max, v[i]);
              b.nan_inside |= nan_pending;
            }
          b.last = v[i];
          b.t_last = t[i];
          b.count++;
          nan_pending = FALSE;
        }
      b.nan_after = nan_pending;
      g_array_append_val (self->blocks, b);
    }
}

static SsSeriesBin *
bin_for (SsSeries *self, double t, double scale)
{
  if (t < self->t0)
    {
      self->bins[0].count = 0; /* only the last sample before the range matters */
      return &self->bins[0];
    }
  if (t > self->t1)
    return &self->bins[self->n_bins + 1];
  return &self->bins[1 + MIN ((guint)((t - self->t0) * scale), self->n_bins - 1)];
}

static void
fold_value (SsSeries    *self,
            SsSeriesBin *b,
            double       t_first,
            double       first,
            double       min,
            double       max,
            double       t_last,
            double       last,
            guint        count)
{
  if (b->count == 0)
    {
      b->min = min;
      b->max = max;
      b->first = first;
      b->t_first = t_first;
      b->gap_before = self->gap_pending;
    }
  else
    {
      b->min = MIN (b->min, min);
      b->max = MAX (b->max, max);
    }
  b->last = last;
  b->t_last = t_last;
  b->count += count;
  self->gap_pending = FALSE;
}

static void
fold_rows (SsSeries *self, guint n_rows)
{
  const double *t = ss_dataset_get_times (self->dataset);
  const double *v = ss_dataset_get_column (self->dataset, self->column);
  double        scale = self->n_bins / (self->t1 - self->t0);
  SsSeriesBin  *after = &self->bins[self->n_bins + 1];
  guint         i = self->processed;

  update_blocks (self, n_rows);
  while (i < n_rows && after->count == 0)
    {
      /* a whole block inside one pixel column folds in one go */
      if (i % BLOCK == 0 && i / BLOCK < self->blocks->len && i + BLOCK <= n_rows)
        {
          const Block *blk = &g_array_index (self->blocks, Block, i / BLOCK);

          if (blk->count == 0)
            {
              self->gap_pending = TRUE;
              i += BLOCK;
              continue;
            }
          if (blk->t_first >= self->t0 && blk->t_last <= self->t1 &&
              (guint)((blk->t_first - self->t0) * scale) == (guint)((blk->t_last - self->t0) * scale))
            {
              self->gap_pending |= blk->nan_before;
              fold_value (self, bin_for (self, blk->t_first, scale), blk->t_first, blk->first, blk->min, blk->max,
                          blk->t_last, blk->last, blk->count);
              self->gap_pending = blk->nan_after;
              i += BLOCK;
              continue;
            }
        }
      if (isnan (v[i]))
        self->gap_pending = TRUE;
      else
        fold_value (self, bin_for (self, t[i], scale), t[i], v[i], v[i], v[i], t[i], v[i], 1);
      i++;
    }
  self->processed = after->count > 0 ? n_rows : i;
}

/* The bins, n_bins + 2 of them, the series' own to write: new ones when
 * their count changes, and while they are shared (a frozen copy and the
 * series it was made of) a copy of them (@keep) or new ones (their values
 * about to be made again). */
static void
own_bins (SsSeries *self, guint n_bins, gboolean keep)
{
  SsSeriesBin *bins;

  if (self->bins != NULL && !self->bins_shared && self->n_bins == n_bins)
    return;
  bins = g_atomic_rc_box_alloc (sizeof (SsSeriesBin) * (n_bins + 2));
  if (keep && self->bins != NULL && self->n_bins == n_bins)
    memcpy (bins, self->bins, sizeof (SsSeriesBin) * (n_bins + 2));
  if (self->bins != NULL)
    g_atomic_rc_box_release (self->bins);
  self->bins = bins;
  self->bins_shared = FALSE;
}

/* n_bins + 2 bins (see the top of the file), or NULL without data. */
const SsSeriesBin *
ss_series_get_bins (SsSeries *self, double t0, double t1, guint n_bins)
{
  guint n_rows;

  g_return_val_if_fail (SS_IS_SERIES (self), NULL);

  if (!ss_series_has_data (self) || n_bins == 0 || !(t1 > t0))
    return NULL;
  n_rows = shown_rows (self);
  if (!self->valid || self->t0 != t0 || self->t1 != t1 || self->n_bins != n_bins || self->processed > n_rows)
    {
      guint      start = ss_dataset_lower_bound (self->dataset, t0);
      GPtrArray *display = ss_dataset_get_display (self->dataset, t0, t1, n_bins);

      /* the worker decimated the whole run for this display already */
      if (display != NULL && n_rows == ss_dataset_get_n_rows (self->dataset) &&
          ss_dataset_get_complete (self->dataset) && g_ptr_array_index (display, self->column) != NULL)
        {
          SsSeriesBin *done = g_ptr_array_index (display, self->column);

          /* the bins, then their range (see ss_series_prepare_display),
           * shared until something writes to them (own_bins) */
          if (self->bins != NULL)
            g_atomic_rc_box_release (self->bins);
          self->bins = g_atomic_rc_box_acquire (done);
          self->bins_shared = TRUE;
          self->range_known = TRUE;
          self->range_any = done[n_bins + 2].count > 0;
          self->range_min = done[n_bins + 2].min;
          self->range_max = done[n_bins + 2].max;
          self->n_bins = n_bins;
          self->t0 = t0;
          self->t1 = t1;
          self->processed = n_rows;
          self->gap_pending = FALSE;
          self->valid = TRUE;
          return self->bins;
        }
      own_bins (self, n_bins, FALSE);
      memset (self->bins, 0, sizeof (SsSeriesBin) * (n_bins + 2));
      self->range_known = FALSE;
      self->n_bins = n_bins;
      self->t0 = t0;
      self->t1 = t1;
      self->processed = start > 0 ? start - 1 : 0;
      self->gap_pending = FALSE;
      self->valid = TRUE;
    }
  if (self->processed < n_rows)
    {
      own_bins (self, n_bins, TRUE);
      fold_rows (self, n_rows);
      self->range_known = FALSE;
    }
  return self->bins;
}

/* The range of the bins' values; kept while the bins stay (a frame asks
 * for it per chart and layer). */
static gboolean
bins_range (const SsSeriesBin *bins, guint n_bins, double *min, double *max)
{
  double lo = INFINITY, hi = -INFINITY;

  for (guint i = 1; i <= n_bins; i++)
    if (bins[i].count > 0)
      {
        lo = MIN (lo, bins[i].min);
        hi = MAX (hi, bins[i].max);
      }
  if (lo > hi)
    return FALSE;
  *min = lo;
  *max = hi;
  return TRUE;
}

gboolean
ss_series_get_range (SsSeries *self, double t0, double t1, guint n_bins, double *min, double *max)
{
  const SsSeriesBin *bins = ss_series_get_bins (self, t0, t1, n_bins);

  if (bins == NULL)
    return FALSE;
  if (!self->range_known)
    {
      self->range_any = bins_range (bins, n_bins, &self->range_min, &self->range_max);
      self->range_known = TRUE;
    }
  if (!self->range_any)
    return FALSE;
  *min = self->range_min;
  *max = self->range_max;
  return TRUE;
}

/* The value the system had at time @t (NaN when undetermined or unknown). */
double
ss_series_value_at (SsSeries *self, double t)
{
  guint row;

  if (!ss_series_has_data (self) || !ss_dataset_get_row_at (self->dataset, t, &row))
    return NAN;
  if (t > ss_series_get_data_end (self))
    return NAN;
  return ss_dataset_get_value (self->dataset, row, self->column);
}

/* A copy of @self that a render thread reads while the main thread goes
 * on with @self: the same run, which must be complete (nothing changes
 * its rows any more), column and reveal time, with the bins over
 * [t0, t1] in @n_bins columns (0: none) already folded.  NULL while rows
 * may still come in. */
SsSeries *
ss_series_freeze (SsSeries *self, double t0, double t1, guint n_bins)
{
  SsSeries *copy;

  g_return_val_if_fail (SS_IS_SERIES (self), NULL);

  if (self->dataset != NULL && !ss_dataset_get_complete (self->dataset))
    return NULL;
  copy = ss_series_new (self->column_name);
  copy->dataset = self->dataset != NULL ? g_object_ref (self->dataset) : NULL;
  copy->column = self->column;
  copy->revision = self->revision;
  copy->reveal_end = self->reveal_end;
  if (n_bins > 0 && ss_series_get_bins (self, t0, t1, n_bins) != NULL)
    {
      /* shared, not copied: the series writes its bins again only after
       * own_bins () */
      copy->bins = g_atomic_rc_box_acquire (self->bins);
      copy->bins_shared = self->bins_shared = TRUE;
      copy->n_bins = n_bins;
      copy->t0 = t0;
      copy->t1 = t1;
      copy->processed = self->processed;
      copy->gap_pending = self->gap_pending;
      copy->valid = TRUE;
      copy->range_known = self->range_known;
      copy->range_any = self->range_any;
      copy->range_min = self->range_min;
      copy->range_max = self->range_max;
    }
  return copy;
}

static void
release_bins (gpointer bins)
{
  if (bins != NULL)
    g_atomic_rc_box_release (bins);
}

/* Worker: decimates every column of @dataset (a complete run not handed
 * over yet) for a display of @n_bins pixel columns over @t0..@t1, s, as
 * ss_series_get_bins would on the main thread, with the bins' value range
 * (the chart's extent), and keeps them in the dataset
 * (ss_dataset_set_display): the frame that shows it shares them. */
void
ss_series_prepare_display (SsDataset *dataset, double t0, double t1, guint n_bins)
{
  int        n_columns = ss_dataset_get_n_columns (dataset);
  GPtrArray *per_column = g_ptr_array_new_full (n_columns, release_bins);
  SsSeries  *series = g_object_new (SS_TYPE_SERIES, NULL);

  g_return_if_fail (ss_dataset_get_complete (dataset));

  series->dataset = g_object_ref (dataset);
  for (int c = 0; c < n_columns; c++)
    {
      const SsSeriesBin *bins;

      series->column = c;
      series->valid = FALSE;
      g_array_set_size (series->blocks, 0);
      SsSeriesBin *done = NULL;

      bins = ss_series_get_bins (series, t0, t1, n_bins);
      if (bins != NULL)
        {
          /* the bins and, after them, their range (count 0: none) */
          done = g_atomic_rc_box_alloc0 (sizeof (SsSeriesBin) * (n_bins + 3));
          memcpy (done, bins, sizeof (SsSeriesBin) * (n_bins + 2));
          done[n_bins + 2].count = bins_range (bins, n_bins, &done[n_bins + 2].min, &done[n_bins + 2].max);
        }
      g_ptr_array_add (per_column, done);
    }
  g_object_unref (series);
  ss_dataset_set_display (dataset, t0, t1, n_bins, per_column);
}
