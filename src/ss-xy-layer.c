/* ss-xy-layer.c
 *
 * Every row in the time window is a point; an undetermined value (NaN)
 * lifts the pen, never bridged.  The screen skips points that land within
 * a fraction of a pixel of the last one drawn (a stick phase is thousands
 * of rows on one spot); exports draw every point. */
#define G_LOG_DOMAIN "ss-xy-layer"

#include <glib/gi18n.h>

#include "ss-units.h"
#include "ss-xy-layer.h"

struct _SsXyLayer
{
  SsChartLayer parent_instance;
  SsSeries    *x;
  SsSeries    *y;
  char        *x_unit;
  char        *y_unit;
  double       width;
  gboolean     faint;     /* the previous run */
  guint        run_style; /* a pinned run's line style (ss_chart_set_run_dash), 0: none */
  gboolean     marker;    /* a dot at the playhead's row */
};

G_DEFINE_FINAL_TYPE (SsXyLayer, ss_xy_layer, SS_TYPE_CHART_LAYER)

typedef void (*PointFunc) (const SsXyPoint *point, gpointer data);

/* The dataset both columns come from, and their indices; NULL when the
 * series show different runs or nothing. */
static SsDataset *
get_columns (SsXyLayer *self, const double **xv, const double **yv)
{
  SsDataset *ds = ss_series_get_dataset (self->x);
  int        cx, cy;

  if (ds == NULL || ds != ss_series_get_dataset (self->y) || !ss_series_has_data (self->x) ||
      !ss_series_has_data (self->y))
    return NULL;
  cx = ss_dataset_find_column (ds, ss_series_get_column (self->x));
  cy = ss_dataset_find_column (ds, ss_series_get_column (self->y));
  *xv = ss_dataset_get_column (ds, cx);
  *yv = ss_dataset_get_column (ds, cy);
  return ds;
}

/* Rows [*first, *end) with t0 <= t <= t1. */
static void
window_rows (SsDataset *ds, double t0, double t1, guint *first, guint *end)
{
  *first = ss_dataset_lower_bound (ds, t0);
  *end = ss_dataset_lower_bound (ds, nextafter (t1, INFINITY));
}

/* Calls @func for every determined point in [t0, t1], in row order. */
static guint
foreach_point (SsXyLayer *self, double t0, double t1, PointFunc func, gpointer data)
{
  const double *xv, *yv, *tv;
  SsDataset    *ds = get_columns (self, &xv, &yv);
  guint         first, end, count = 0;
  gboolean      gap = FALSE;

  if (ds == NULL)
    return 0;
  tv = ss_dataset_get_times (ds);
  window_rows (ds, t0, t1, &first, &end);
  for (guint r = first; r < end; r++)
    {
      SsXyPoint p = { xv[r], yv[r], tv[r], r, gap };

      if (!isfinite (p.x) || !isfinite (p.y))
        {
          gap = TRUE;
          continue;
        }
      gap = FALSE;
      func (&p, data);
      count++;
    }
  return count;
}

static void
collect_point (const SsXyPoint *point, gpointer data)
{
  g_array_append_val ((GArray *)data, *point);
}

/* The points the layer draws over [t0, t1] (SsXyPoint; free with
 * g_array_unref). */
GArray *
ss_xy_layer_get_points (SsXyLayer *self, double t0, double t1)
{
  GArray *points = g_array_new (FALSE, FALSE, sizeof (SsXyPoint));

  g_return_val_if_fail (SS_IS_XY_LAYER (self), points);

  foreach_point (self, t0, t1, collect_point, points);
  return points;
}

static void
apply_style (SsXyLayer *self, cairo_t *cr, double scale, gboolean for_export)
{
  const GdkRGBA *color = ss_chart_layer_get_color (SS_CHART_LAYER (self));
  double         alpha = self->faint ? 0.28 : (self->run_style ? 0.8 * color->alpha : color->alpha);

  cairo_set_source_rgba (cr, color->red, color->green, color->blue, alpha);
  cairo_set_line_width (cr, self->width * scale);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  if (self->run_style)
    {
      /* a pattern per pinned run: unlike the dashed sums and the solid current run */
      ss_chart_set_run_dash (cr, self->run_style, scale);
      /* on screen at 4 x 4 samples per pixel, as a line layer's pinned run */
      if (!for_export)
        cairo_set_antialias (cr, CAIRO_ANTIALIAS_FAST);
    }
}

typedef struct
{
  cairo_t              *cr;
  const SsChartContext *ctx;
  double                tolerance; /* px a point must move to be drawn */
  gboolean              pen;
  double                last_x, last_y;       /* last point drawn */
  gboolean              pending;              /* a skipped point after it */
  double                pending_x, pending_y; /* the latest skipped one */
} DrawData;

static void
draw_point (const SsXyPoint *point, gpointer data)
{
  DrawData *d = data;
  double    x = ss_chart_context_x (d->ctx, point->x);
  double    y = ss_chart_context_y (d->ctx, point->y);

  if (!d->pen || point->gap_before)
    {
      if (d->pending)
        cairo_line_to (d->cr, d->pending_x, d->pending_y);
      cairo_move_to (d->cr, x, y);
      /* a lone point still shows as a dot (round caps) */
      cairo_line_to (d->cr, x, y);
      d->pen = TRUE;
      d->pending = FALSE;
      d->last_x = x;
      d->last_y = y;
      return;
    }
  if (fabs (x - d->last_x) < d->tolerance && fabs (y - d->last_y) < d->tolerance)
    {
      d->pending = TRUE;
      d->pending_x = x;
      d->pending_y = y;
      return;
    }
  cairo_line_to (d->cr, x, y);
  d->pending = FALSE;
  d->last_x = x;
  d->last_y = y;
}

/* The row shown at time @t: the last one at or before it. */
static gboolean
point_at (SsXyLayer *self, double t, SsXyPoint *point)
{
  const double *xv, *yv;
  SsDataset    *ds = get_columns (self, &xv, &yv);
  guint         row;

  if (ds == NULL || !ss_dataset_get_row_at (ds, t, &row) || t > ss_dataset_get_end_time (ds) ||
      t < ss_dataset_get_times (ds)[0])
    return FALSE;
  point->x = xv[row];
  point->y = yv[row];
  point->t = ss_dataset_get_times (ds)[row];
  point->row = row;
  return isfinite (point->x) && isfinite (point->y);
}

static void
ss_xy_layer_draw (SsChartLayer *layer, cairo_t *cr, const SsChartContext *ctx)
{
  SsXyLayer *self = SS_XY_LAYER (layer);
  DrawData   d = { cr, ctx, ctx->for_export ? 0.02 : 0.4, FALSE, 0, 0, FALSE, 0, 0 };
  SsXyPoint  p;
  double     t_mark;

  cairo_rectangle (cr, ctx->x, ctx->y, ctx->width, ctx->height);
  cairo_clip (cr);
  apply_style (self, cr, ctx->line_scale, ctx->for_export);
  foreach_point (self, ctx->t0, ctx->t1, draw_point, &d);
  if (d.pending)
    cairo_line_to (cr, d.pending_x, d.pending_y);
  cairo_stroke (cr);
  if (self->faint || !self->marker)
    return;

  cairo_set_dash (cr, NULL, 0, 0);
  /* the playhead's row; without one the newest: where the system is */
  t_mark = isfinite (ctx->playhead) ? ctx->playhead : ss_series_get_data_end (self->x);
  if (t_mark >= ctx->t0 && t_mark <= ctx->t1 && point_at (self, t_mark, &p))
    {
      cairo_arc (cr, ss_chart_context_x (ctx, p.x), ss_chart_context_y (ctx, p.y), 3.5 * ctx->line_scale, 0, 2 * G_PI);
      cairo_fill (cr);
    }
  if (isfinite (ctx->cursor) && ctx->cursor >= ctx->t0 && ctx->cursor <= ctx->t1 && point_at (self, ctx->cursor, &p))
    {
      cairo_set_line_width (cr, 1.5 * ctx->line_scale);
      cairo_arc (cr, ss_chart_context_x (ctx, p.x), ss_chart_context_y (ctx, p.y), 5 * ctx->line_scale, 0, 2 * G_PI);
      cairo_stroke (cr);
    }
}

typedef struct
{
  gboolean any;
  double   x_min, x_max, y_min, y_max;
} Range;

static void
range_point (const SsXyPoint *point, gpointer data)
{
  Range *r = data;

  r->x_min = MIN (r->x_min, point->x);
  r->x_max = MAX (r->x_max, point->x);
  r->y_min = MIN (r->y_min, point->y);
  r->y_max = MAX (r->y_max, point->y);
  r->any = TRUE;
}

/* The values shown over [t0, t1]: the columns' running extremes when the
 * window holds every row (each frame of Play), else a scan. */
static gboolean
get_range (SsXyLayer *self, double t0, double t1, gboolean want_x, double *min, double *max)
{
  const double *xv, *yv;
  SsDataset    *ds = get_columns (self, &xv, &yv);
  Range         r = { FALSE, INFINITY, -INFINITY, INFINITY, -INFINITY };

  if (ds == NULL)
    return FALSE;
  if (t0 <= ss_dataset_get_times (ds)[0] && t1 >= ss_dataset_get_end_time (ds))
    {
      SsSeries *s = want_x ? self->x : self->y;

      /* rows where the other column is undetermined count too: close enough */
      return ss_dataset_get_column_range (ds, ss_dataset_find_column (ds, ss_series_get_column (s)), min, max);
    }
  foreach_point (self, t0, t1, range_point, &r);
  if (!r.any)
    return FALSE;
  *min = want_x ? r.x_min : r.y_min;
  *max = want_x ? r.x_max : r.y_max;
  return TRUE;
}

static gboolean
ss_xy_layer_get_y_range (SsChartLayer *layer, double t0, double t1, guint n_bins, double *min, double *max)
{
  (void)n_bins;
  return get_range (SS_XY_LAYER (layer), t0, t1, FALSE, min, max);
}

static gboolean
ss_xy_layer_get_x_range (SsChartLayer *layer, double t0, double t1, double *min, double *max)
{
  return get_range (SS_XY_LAYER (layer), t0, t1, TRUE, min, max);
}

typedef struct
{
  const SsChartContext *ctx;
  double                x, y;
  double                best; /* squared distance, user units */
  double                t;
} PickData;

static void
pick_point (const SsXyPoint *point, gpointer data)
{
  PickData *d = data;
  double    dx = ss_chart_context_x (d->ctx, point->x) - d->x;
  double    dy = ss_chart_context_y (d->ctx, point->y) - d->y;

  /* the earliest of equally near points */
  if (dx * dx + dy * dy < d->best)
    {
      d->best = dx * dx + dy * dy;
      d->t = point->t;
    }
}

static gboolean
ss_xy_layer_pick (SsChartLayer *layer, const SsChartContext *ctx, double x, double y, double *distance, double *t)
{
  PickData d = { ctx, x, y, INFINITY, NAN };

  foreach_point (SS_XY_LAYER (layer), ctx->t0, ctx->t1, pick_point, &d);
  if (isnan (d.t))
    return FALSE;
  *distance = sqrt (d.best);
  *t = d.t;
  return TRUE;
}

static char *
ss_xy_layer_format_value (SsChartLayer *layer, double t)
{
  SsXyLayer       *self = SS_XY_LAYER (layer);
  g_autofree char *x = NULL;
  g_autofree char *y = NULL;
  SsXyPoint        p;

  if (!point_at (self, t, &p))
    return NULL;
  x = ss_format_quantity (p.x, self->x_unit);
  y = ss_format_quantity (p.y, self->y_unit);
  /* Translators: a point of a characteristic plot: x value, y value */
  return g_strdup_printf (_("%s, %s"), x, y);
}

/* The key of format_value's text (see get_readout_key): its branch and
 * the shapes of its two numbers. */
static guint64
ss_xy_layer_get_readout_key (SsChartLayer *layer, double t)
{
  SsXyPoint p;

  if (!point_at (SS_XY_LAYER (layer), t, &p))
    return 1;
  return 2 | (guint64)ss_format_number_shape (p.x) << 2 | (guint64)ss_format_number_shape (p.y) << 32;
}

static void
ss_xy_layer_draw_swatch (SsChartLayer *layer, cairo_t *cr, double x, double y, double width, double height)
{
  SsXyLayer *self = SS_XY_LAYER (layer);

  apply_style (self, cr, 1.0, TRUE);
  cairo_set_line_width (cr, MAX (2.0, self->width));
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
  cairo_move_to (cr, x, y + height / 2);
  cairo_line_to (cr, x + width, y + height / 2);
  cairo_stroke (cr);
}

static guint
ss_xy_layer_get_data_revision (SsChartLayer *layer)
{
  SsXyLayer *self = SS_XY_LAYER (layer);

  return ss_series_get_revision (self->x) + ss_series_get_revision (self->y);
}

static double
ss_xy_layer_get_data_end (SsChartLayer *layer)
{
  return ss_series_get_data_end (SS_XY_LAYER (layer)->x);
}

static gboolean
ss_xy_layer_get_data_complete (SsChartLayer *layer)
{
  return ss_series_get_complete (SS_XY_LAYER (layer)->x);
}

static void
ss_xy_layer_finalize (GObject *object)
{
  SsXyLayer *self = (SsXyLayer *)object;

  g_clear_object (&self->x);
  g_clear_object (&self->y);
  g_free (self->x_unit);
  g_free (self->y_unit);

  G_OBJECT_CLASS (ss_xy_layer_parent_class)->finalize (object);
}

static SsChartLayer *
ss_xy_layer_freeze (SsChartLayer *layer, double t0, double t1, guint n_bins)
{
  SsXyLayer *self = SS_XY_LAYER (layer);
  g_autoptr(SsSeries) x = ss_series_freeze (self->x, t0, t1, 0);
  g_autoptr(SsSeries) y = ss_series_freeze (self->y, t0, t1, 0);
  SsXyLayer *copy;

  (void)n_bins;
  if (x == NULL || y == NULL)
    return NULL;
  copy = SS_XY_LAYER (ss_xy_layer_new (x, y, self->x_unit, self->y_unit));
  copy->width = self->width;
  copy->faint = self->faint;
  copy->run_style = self->run_style;
  copy->marker = self->marker;
  return SS_CHART_LAYER (copy);
}

static void
ss_xy_layer_class_init (SsXyLayerClass *klass)
{
  SsChartLayerClass *layer_class = SS_CHART_LAYER_CLASS (klass);

  G_OBJECT_CLASS (klass)->finalize = ss_xy_layer_finalize;
  layer_class->draw = ss_xy_layer_draw;
  layer_class->get_y_range = ss_xy_layer_get_y_range;
  layer_class->get_x_range = ss_xy_layer_get_x_range;
  layer_class->pick = ss_xy_layer_pick;
  layer_class->format_value = ss_xy_layer_format_value;
  layer_class->get_readout_key = ss_xy_layer_get_readout_key;
  layer_class->draw_swatch = ss_xy_layer_draw_swatch;
  layer_class->get_data_revision = ss_xy_layer_get_data_revision;
  layer_class->get_data_end = ss_xy_layer_get_data_end;
  layer_class->get_data_complete = ss_xy_layer_get_data_complete;
  layer_class->freeze = ss_xy_layer_freeze;
}

static void
ss_xy_layer_init (SsXyLayer *self)
{
  self->width = 1.4;
  self->marker = TRUE;
}

/* @x and @y name two columns; the layer draws while both show one run. */
SsChartLayer *
ss_xy_layer_new (SsSeries *x, SsSeries *y, const char *x_unit, const char *y_unit)
{
  SsXyLayer *self = g_object_new (SS_TYPE_XY_LAYER, NULL);

  self->x = g_object_ref (x);
  self->y = g_object_ref (y);
  self->x_unit = g_strdup (x_unit);
  self->y_unit = g_strdup (y_unit);
  return SS_CHART_LAYER (self);
}

SsSeries *
ss_xy_layer_get_x_series (SsXyLayer *self)
{
  return self->x;
}

SsSeries *
ss_xy_layer_get_y_series (SsXyLayer *self)
{
  return self->y;
}

/* Draws a pinned run: dash pattern @run_style (1 .. SS_CHART_N_RUN_STYLES),
 * 0 the solid current run. */
void
ss_xy_layer_set_run_style (SsXyLayer *self, guint run_style)
{
  if (self->run_style == run_style)
    return;
  self->run_style = run_style;
  ss_chart_layer_changed (SS_CHART_LAYER (self));
}

void
ss_xy_layer_set_faint (SsXyLayer *self, gboolean faint)
{
  if (self->faint == !!faint)
    return;
  self->faint = !!faint;
  ss_chart_layer_changed (SS_CHART_LAYER (self));
}
