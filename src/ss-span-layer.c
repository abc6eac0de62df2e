/* ss-span-layer.c - a stick interval runs from the first stuck sample to the
 * first sample that is not stuck; event samples make those edges exact. */
#define G_LOG_DOMAIN "ss-span-layer"

#include <glib/gi18n.h>
#include <math.h>

#include "ss-span-layer.h"

struct _SsSpanLayer
{
  SsChartLayer parent_instance;
  SsSeries    *series;
  char        *contact; /* contact name for the hover readout */
  /* closed intervals found so far, as (start, end) pairs; rows appended
   * later extend them without a rescan */
  SsDataset *cached;
  GArray    *spans;
  guint      processed;
  gboolean   open;
  double     open_start;
};

G_DEFINE_FINAL_TYPE (SsSpanLayer, ss_span_layer, SS_TYPE_CHART_LAYER)

typedef void (*SpanFunc) (double t_start, double t_end, gpointer data);

static void
update_spans (SsSpanLayer *self)
{
  SsDataset    *ds = ss_series_get_dataset (self->series);
  const double *t, *v;
  guint         n;
  int           col;

  if (ds != self->cached || (ds != NULL && ss_dataset_get_n_rows (ds) < self->processed))
    {
      self->cached = ds;
      g_array_set_size (self->spans, 0);
      self->processed = 0;
      self->open = FALSE;
    }
  if (!ss_series_has_data (self->series))
    return;
  col = ss_dataset_find_column (ds, ss_series_get_column (self->series));
  t = ss_dataset_get_times (ds);
  v = ss_dataset_get_column (ds, col);
  n = ss_dataset_get_n_rows (ds);
  for (guint i = self->processed; i < n; i++)
    {
      gboolean stuck = v[i] >= 0.5;

      if (stuck && !self->open)
        {
          self->open = TRUE;
          self->open_start = t[i];
        }
      else if (!stuck && self->open)
        {
          double pair[2] = { self->open_start, t[i] };

          self->open = FALSE;
          g_array_append_vals (self->spans, pair, 2);
        }
    }
  self->processed = n;
}

static guint
foreach_span (SsSpanLayer *self, double t0, double t1, SpanFunc func, gpointer data)
{
  const double *pairs;
  guint         count = 0, n_pairs;

  update_spans (self);
  if (!ss_series_has_data (self->series))
    return 0;
  pairs = (const double *)(gpointer)self->spans->data;
  n_pairs = self->spans->len / 2;
  for (guint i = 0; i < n_pairs; i++)
    if (pairs[2 * i + 1] >= t0 && pairs[2 * i] <= t1)
      {
        if (func)
          func (pairs[2 * i], pairs[2 * i + 1], data);
        count++;
      }
  if (self->open && self->open_start <= t1)
    {
      if (func)
        func (self->open_start, ss_dataset_get_end_time (ss_series_get_dataset (self->series)), data);
      count++;
    }
  return count;
}

typedef struct
{
  cairo_t              *cr;
  const SsChartContext *ctx;
} DrawData;

static void
add_rect (double t_start, double t_end, gpointer data)
{
  DrawData *d = data;
  double    x0 = ss_chart_context_x (d->ctx, t_start);
  double    x1 = ss_chart_context_x (d->ctx, t_end);

  x0 = MAX (x0, d->ctx->x);
  x1 = MIN (x1, d->ctx->x + d->ctx->width);
  if (x1 > x0)
    cairo_rectangle (d->cr, x0, d->ctx->y, MAX (x1 - x0, 0.5), d->ctx->height);
}

static void
ss_span_layer_draw (SsChartLayer *layer, cairo_t *cr, const SsChartContext *ctx)
{
  SsSpanLayer   *self = SS_SPAN_LAYER (layer);
  const GdkRGBA *color = ss_chart_layer_get_color (layer);
  DrawData       d = { cr, ctx };
  double         t_from = ctx->t0;

  /* intervals that end left of x_from are not drawn */
  if (ctx->x_from > ctx->x)
    t_from = ctx->t0 + (ctx->x_from - ctx->x) / ctx->width * (ctx->t1 - ctx->t0);
  foreach_span (self, t_from, ctx->t1, add_rect, &d);
  cairo_set_source_rgba (cr, color->red, color->green, color->blue, color->alpha);
  cairo_fill (cr);
}

static char *
ss_span_layer_format_value (SsChartLayer *layer, double t)
{
  SsSpanLayer *self = SS_SPAN_LAYER (layer);
  double       v = ss_series_value_at (self->series, t);

  if (isnan (v) || t > ss_dataset_get_end_time (ss_series_get_dataset (self->series)))
    return NULL;
  /* a flag of no contact (incoherent directions): the legend names it */
  if (self->contact == NULL)
    return NULL;
  if (v >= 0.5)
    /* Translators: hover readout, %s is a contact name */
    return g_strdup_printf (_("%s: stuck"), self->contact ? self->contact : "");
  /* Translators: hover readout, %s is a contact name */
  return g_strdup_printf (_("%s: sliding"), self->contact ? self->contact : "");
}

/* The key of format_value's text (see get_readout_key): its branch. */
static guint64
ss_span_layer_get_readout_key (SsChartLayer *layer, double t)
{
  SsSpanLayer *self = SS_SPAN_LAYER (layer);
  double       v = ss_series_value_at (self->series, t);

  if (isnan (v) || t > ss_dataset_get_end_time (ss_series_get_dataset (self->series)) || self->contact == NULL)
    return 1;
  return v >= 0.5 ? 2 : 3;
}

static void
ss_span_layer_draw_swatch (SsChartLayer *layer, cairo_t *cr, double x, double y, double width, double height)
{
  const GdkRGBA *color = ss_chart_layer_get_color (layer);

  cairo_set_source_rgba (cr, color->red, color->green, color->blue, MIN (1.0, color->alpha * 2.5));
  cairo_rectangle (cr, x, y + 1, width, height - 2);
  cairo_fill (cr);
}

static SsChartLayer *
ss_span_layer_freeze (SsChartLayer *layer, double t0, double t1, guint n_bins)
{
  SsSpanLayer *self = SS_SPAN_LAYER (layer);
  g_autoptr(SsSeries) series = ss_series_freeze (self->series, t0, t1, 0);
  SsSpanLayer *copy;

  (void)n_bins;
  if (series == NULL)
    return NULL;
  update_spans (self);
  copy = SS_SPAN_LAYER (ss_span_layer_new (series));
  copy->contact = g_strdup (self->contact);
  copy->cached = self->cached;
  g_array_append_vals (copy->spans, self->spans->data, self->spans->len);
  copy->processed = self->processed;
  copy->open = self->open;
  copy->open_start = self->open_start;
  return SS_CHART_LAYER (copy);
}

static void
ss_span_layer_finalize (GObject *object)
{
  SsSpanLayer *self = (SsSpanLayer *)object;

  g_clear_object (&self->series);
  g_clear_pointer (&self->spans, g_array_unref);
  g_free (self->contact);

  G_OBJECT_CLASS (ss_span_layer_parent_class)->finalize (object);
}

static guint
ss_span_layer_get_data_revision (SsChartLayer *layer)
{
  return ss_series_get_revision (SS_SPAN_LAYER (layer)->series);
}

static double
ss_span_layer_get_data_end (SsChartLayer *layer)
{
  return ss_series_get_data_end (SS_SPAN_LAYER (layer)->series);
}

static gboolean
ss_span_layer_get_data_complete (SsChartLayer *layer)
{
  return ss_series_get_complete (SS_SPAN_LAYER (layer)->series);
}

static void
ss_span_layer_class_init (SsSpanLayerClass *klass)
{
  SsChartLayerClass *layer_class = SS_CHART_LAYER_CLASS (klass);

  G_OBJECT_CLASS (klass)->finalize = ss_span_layer_finalize;
  layer_class->draw = ss_span_layer_draw;
  layer_class->format_value = ss_span_layer_format_value;
  layer_class->get_readout_key = ss_span_layer_get_readout_key;
  layer_class->draw_swatch = ss_span_layer_draw_swatch;
  layer_class->get_data_revision = ss_span_layer_get_data_revision;
  layer_class->get_data_end = ss_span_layer_get_data_end;
  layer_class->get_data_complete = ss_span_layer_get_data_complete;
  layer_class->freeze = ss_span_layer_freeze;
}

static void
ss_span_layer_init (SsSpanLayer *self)
{
  self->spans = g_array_new (FALSE, FALSE, sizeof (double));
}

SsChartLayer *
ss_span_layer_new (SsSeries *series)
{
  SsSpanLayer *self = g_object_new (SS_TYPE_SPAN_LAYER, NULL);

  self->series = g_object_ref (series);
  return SS_CHART_LAYER (self);
}

SsSeries *
ss_span_layer_get_series (SsSpanLayer *self)
{
  return self->series;
}

guint
ss_span_layer_count_spans (SsSpanLayer *self, double t0, double t1)
{
  return foreach_span (self, t0, t1, NULL, NULL);
}

void
ss_span_layer_set_contact (SsSpanLayer *self, const char *contact)
{
  g_free (self->contact);
  self->contact = g_strdup (contact);
  ss_chart_layer_changed (SS_CHART_LAYER (self));
}
