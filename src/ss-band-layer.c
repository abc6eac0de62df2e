/* ss-band-layer.c - one polygon per run of pixel columns where both bounds
 * are determined; an undetermined sample on either side ends the polygon,
 * so nothing is invented across the gaps. */
#define G_LOG_DOMAIN "ss-band-layer"

#include <math.h>

#include "ss-band-layer.h"
#include "ss-units.h"

struct _SsBandLayer
{
  SsChartLayer parent_instance;
  SsSeries    *lower;
  SsSeries    *upper;
  char        *unit;
};

G_DEFINE_FINAL_TYPE (SsBandLayer, ss_band_layer, SS_TYPE_CHART_LAYER)

static void
fill_polygon (cairo_t *cr, const GArray *top, const GArray *bottom, const GdkRGBA *color)
{
  const double *t = (const double *)(gpointer)top->data;
  const double *b = (const double *)(gpointer)bottom->data;
  guint         n = top->len / 2;

  if (n == 0)
    return;
  if (n == 1)
    {
      /* a single column: a one-pixel bar keeps it visible */
      cairo_rectangle (cr, t[0] - 0.75, t[1], 1.5, MAX (b[1] - t[1], 1.0));
    }
  else
    {
      cairo_move_to (cr, t[0], t[1]);
      for (guint i = 1; i < n; i++)
        cairo_line_to (cr, t[2 * i], t[2 * i + 1]);
      for (guint i = n; i-- > 0;)
        cairo_line_to (cr, b[2 * i], b[2 * i + 1]);
      cairo_close_path (cr);
    }
  cairo_set_source_rgba (cr, color->red, color->green, color->blue, 0.22);
  cairo_fill_preserve (cr);
  cairo_set_source_rgba (cr, color->red, color->green, color->blue, 0.55);
  cairo_set_line_width (cr, 0.8);
  cairo_stroke (cr);
}

static void
ss_band_layer_draw (SsChartLayer *layer, cairo_t *cr, const SsChartContext *ctx)
{
  SsBandLayer       *self = SS_BAND_LAYER (layer);
  guint              n_bins = MAX (1, (guint)ceil (ctx->width));
  const SsSeriesBin *lo = ss_series_get_bins (self->lower, ctx->t0, ctx->t1, n_bins);
  const SsSeriesBin *hi = ss_series_get_bins (self->upper, ctx->t0, ctx->t1, n_bins);
  const GdkRGBA     *color = ss_chart_layer_get_color (layer);
  g_autoptr(GArray) top = NULL;
  g_autoptr(GArray) bottom = NULL;
  guint first; /* bins[0] is before t0 */

  if (lo == NULL || hi == NULL)
    return;
  top = g_array_new (FALSE, FALSE, sizeof (double));
  bottom = g_array_new (FALSE, FALSE, sizeof (double));
  cairo_save (cr);
  cairo_rectangle (cr, ctx->x, ctx->y, ctx->width, ctx->height);
  cairo_clip (cr);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_BEVEL);
  first = MAX (1, ss_chart_context_first_bin (ctx, n_bins));
  for (guint i = first; i <= n_bins; i++)
    {
      gboolean both = lo[i].count > 0 && hi[i].count > 0;
      double   x, p[2];

      /* empty columns between sparse samples do not break the band;
       * an undetermined bound does */
      if (lo[i].count == 0 && hi[i].count == 0 && !lo[i].gap_before && !hi[i].gap_before)
        continue;
      if (!both || lo[i].gap_before || hi[i].gap_before)
        {
          fill_polygon (cr, top, bottom, color);
          g_array_set_size (top, 0);
          g_array_set_size (bottom, 0);
          if (!both)
            continue;
        }
      x = ss_chart_context_x (ctx, 0.5 * (hi[i].t_first + hi[i].t_last));
      p[0] = x;
      p[1] = ss_chart_context_y (ctx, hi[i].max);
      g_array_append_vals (top, p, 2);
      p[1] = ss_chart_context_y (ctx, lo[i].min);
      g_array_append_vals (bottom, p, 2);
    }
  fill_polygon (cr, top, bottom, color);
  cairo_restore (cr);
}

static gboolean
ss_band_layer_get_y_range (SsChartLayer *layer, double t0, double t1, guint n_bins, double *min, double *max)
{
  SsBandLayer *self = SS_BAND_LAYER (layer);
  double       a0, a1, b0, b1;
  gboolean     a = ss_series_get_range (self->lower, t0, t1, n_bins, &a0, &a1);
  gboolean     b = ss_series_get_range (self->upper, t0, t1, n_bins, &b0, &b1);

  if (!a && !b)
    return FALSE;
  *min = a && b ? MIN (a0, b0) : (a ? a0 : b0);
  *max = a && b ? MAX (a1, b1) : (a ? a1 : b1);
  return TRUE;
}

static char *
ss_band_layer_format_value (SsChartLayer *layer, double t)
{
  SsBandLayer     *self = SS_BAND_LAYER (layer);
  g_autofree char *a = NULL;
  g_autofree char *b = NULL;
  double           lo, hi;

  if (!ss_series_has_data (self->lower) || !ss_series_has_data (self->upper) ||
      t > ss_dataset_get_end_time (ss_series_get_dataset (self->lower)))
    return NULL;
  lo = ss_series_value_at (self->lower, t);
  hi = ss_series_value_at (self->upper, t);
  if (isnan (lo) || isnan (hi))
    return NULL;
  a = ss_format_quantity (lo, self->unit);
  b = ss_format_quantity (hi, self->unit);
  return g_strdup_printf ("%s … %s", a, b);
}

/* The key of format_value's text (see get_readout_key): its branch and
 * the shapes of its two numbers. */
static guint64
ss_band_layer_get_readout_key (SsChartLayer *layer, double t)
{
  SsBandLayer *self = SS_BAND_LAYER (layer);
  double       lo, hi;

  if (!ss_series_has_data (self->lower) || !ss_series_has_data (self->upper) ||
      t > ss_dataset_get_end_time (ss_series_get_dataset (self->lower)))
    return 1;
  lo = ss_series_value_at (self->lower, t);
  hi = ss_series_value_at (self->upper, t);
  if (isnan (lo) || isnan (hi))
    return 1;
  return 2 | (guint64)ss_format_number_shape (lo) << 2 | (guint64)ss_format_number_shape (hi) << 32;
}

static void
ss_band_layer_draw_swatch (SsChartLayer *layer, cairo_t *cr, double x, double y, double width, double height)
{
  const GdkRGBA *color = ss_chart_layer_get_color (layer);

  cairo_rectangle (cr, x, y + 1, width, height - 2);
  cairo_set_source_rgba (cr, color->red, color->green, color->blue, 0.3);
  cairo_fill_preserve (cr);
  cairo_set_source_rgba (cr, color->red, color->green, color->blue, 0.6);
  cairo_set_line_width (cr, 1.0);
  cairo_stroke (cr);
}

static SsChartLayer *
ss_band_layer_freeze (SsChartLayer *layer, double t0, double t1, guint n_bins)
{
  SsBandLayer *self = SS_BAND_LAYER (layer);
  g_autoptr(SsSeries) lower = ss_series_freeze (self->lower, t0, t1, n_bins);
  g_autoptr(SsSeries) upper = ss_series_freeze (self->upper, t0, t1, n_bins);

  if (lower == NULL || upper == NULL)
    return NULL;
  return ss_band_layer_new (lower, upper, self->unit);
}

static void
ss_band_layer_finalize (GObject *object)
{
  SsBandLayer *self = (SsBandLayer *)object;

  g_clear_object (&self->lower);
  g_clear_object (&self->upper);
  g_free (self->unit);

  G_OBJECT_CLASS (ss_band_layer_parent_class)->finalize (object);
}

static guint
ss_band_layer_get_data_revision (SsChartLayer *layer)
{
  SsBandLayer *self = SS_BAND_LAYER (layer);

  return ss_series_get_revision (self->lower) + ss_series_get_revision (self->upper);
}

static double
ss_band_layer_get_data_end (SsChartLayer *layer)
{
  SsBandLayer *self = SS_BAND_LAYER (layer);

  return MIN (ss_series_get_data_end (self->lower), ss_series_get_data_end (self->upper));
}

static gboolean
ss_band_layer_get_data_complete (SsChartLayer *layer)
{
  SsBandLayer *self = SS_BAND_LAYER (layer);

  return ss_series_get_complete (self->lower) && ss_series_get_complete (self->upper);
}

static void
ss_band_layer_class_init (SsBandLayerClass *klass)
{
  SsChartLayerClass *layer_class = SS_CHART_LAYER_CLASS (klass);

  G_OBJECT_CLASS (klass)->finalize = ss_band_layer_finalize;
  layer_class->draw = ss_band_layer_draw;
  layer_class->get_y_range = ss_band_layer_get_y_range;
  layer_class->format_value = ss_band_layer_format_value;
  layer_class->get_readout_key = ss_band_layer_get_readout_key;
  layer_class->draw_swatch = ss_band_layer_draw_swatch;
  layer_class->get_data_revision = ss_band_layer_get_data_revision;
  layer_class->get_data_end = ss_band_layer_get_data_end;
  layer_class->get_data_complete = ss_band_layer_get_data_complete;
  layer_class->freeze = ss_band_layer_freeze;
}

static void
ss_band_layer_init (SsBandLayer *self)
{
  (void)self;
}

SsChartLayer *
ss_band_layer_new (SsSeries *lower, SsSeries *upper, const char *unit)
{
  SsBandLayer *self = g_object_new (SS_TYPE_BAND_LAYER, NULL);

  self->lower = g_object_ref (lower);
  self->upper = g_object_ref (upper);
  self->unit = g_strdup (unit);
  return SS_CHART_LAYER (self);
}

SsSeries *
ss_band_layer_get_lower (SsBandLayer *self)
{
  return self->lower;
}

SsSeries *
ss_band_layer_get_upper (SsBandLayer *self)
{
  return self->upper;
}
