/* ss-line-layer.c */
#define G_LOG_DOMAIN "ss-line-layer"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "ss-line-layer.h"
#include "ss-readable.h"
#include "ss-units.h"

/* A pinned run's curve as the screen last drew it: its coverage (A8, no
 * colour) over the device pixels of the plot, and what it was drawn
 * from.  A pinned run is complete and the same from one run to the next,
 * so while the chart's axes stay, the next image of the chart composites
 * it instead of stroking the curve again (its dashes and 4 x 4 sampling
 * made it nearly all of a chart's drawing).  Shared by a layer and its
 * frozen copies, which render threads draw; the lock guards it. */
typedef struct
{
  double         x, y, width, height; /* the plot, user units */
  SsAxisMap      xmap, ymap;
  double         t0, t1, line_scale, reveal_end;
  guint          revision; /* the series' (its dataset) */
  guint          run_style;
  double         stroke_width;
  gboolean       faint;
  cairo_matrix_t ctm;
  double         scale_x, scale_y; /* the target's device scale */
  int            target_width, target_height;
} PinMaskKey;

typedef struct
{
  GMutex           lock;
  PinMaskKey       key;
  cairo_surface_t *coverage; /* A8, or NULL */
  int              dx, dy;   /* its origin on the target, device pixels */
  guint            draws;    /* strokes drawn into it (tests) */
} PinMask;

static PinMask *
pin_mask_new (void)
{
  PinMask *mask = g_atomic_rc_box_new0 (PinMask);

  g_mutex_init (&mask->lock);
  return mask;
}

static void
pin_mask_clear (PinMask *mask)
{
  g_clear_pointer (&mask->coverage, cairo_surface_destroy);
  g_mutex_clear (&mask->lock);
}

static void
pin_mask_unref (PinMask *mask)
{
  g_atomic_rc_box_release_full (mask, (GDestroyNotify)pin_mask_clear);
}

struct _SsLineLayer
{
  SsChartLayer parent_instance;
  SsSeries    *series;
  char        *unit;
  double       width;
  gboolean     dashed;
  gboolean     faint;     /* the ghost of the previous run */
  guint        run_style; /* a pinned run's line style (ss_chart_set_run_dash), 0: none */
  PinMask     *pin_mask;  /* a pinned run's coverage on screen, shared with the copies */
};

G_DEFINE_FINAL_TYPE (SsLineLayer, ss_line_layer, SS_TYPE_CHART_LAYER)

/* The curve's colour: faint for the ghost, a little lighter for a pinned
 * run. */
static void
set_source (SsLineLayer *self, cairo_t *cr)
{
  const GdkRGBA *color = ss_chart_layer_get_color (SS_CHART_LAYER (self));
  double         alpha = self->faint ? 0.28 : (self->run_style ? 0.8 * color->alpha : color->alpha);

  cairo_set_source_rgba (cr, color->red, color->green, color->blue, alpha);
}

static void
apply_style (SsLineLayer *self, cairo_t *cr, double scale, gboolean for_export)
{
  set_source (self, cr);
  cairo_set_line_width (cr, self->width * scale);
  /* round joins cost the stroker dearly on dense min/max paths */
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_BEVEL);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
  if (self->run_style)
    {
      /* a pattern per pinned run: unlike the dashed sums and the solid current run */
      ss_chart_set_run_dash (cr, self->run_style, scale);
      /* On screen at 4 x 4 samples per pixel: a pinned run is stroked
       * whole (its dashes keep no bars), and cairo's full antialiasing
       * (15 sample rows per pixel) made it nearly all of a chart's drawing
       * with dense data; at this size the two look alike.  Exports keep
       * the full quality. */
      if (!for_export)
        cairo_set_antialias (cr, CAIRO_ANTIALIAS_FAST);
    }
  else if (self->dashed)
    {
      double dash[] = { 5.0 * scale, 3.0 * scale };

      cairo_set_dash (cr, dash, 2, 0);
    }
}

/* Dense data (several samples per pixel column): each column is one filled
 * bar from its min to its max, joined to the previous column's last value.
 * That is what a stroked min/max polyline looks like, at a fraction of the
 * stroker's cost.  Sparse data (zoomed in) is stroked as a polyline. */
/* Polyline simplification for the stroker: a point is dropped when the
 * chord from the last kept point to the next one passes within a fraction
 * of a pixel of it and of every point dropped before (the chord's slope
 * stays inside the intersection of their tolerance windows).  Straight
 * stick phases and smooth arcs cost a few segments instead of one per
 * sample; the drawn line never strays by more than the tolerance. */
typedef struct
{
  cairo_t *cr;
  gboolean has_candidate;
  double   ax, ay;    /* last emitted point */
  double   cx, cy;    /* pending point */
  double   lo, hi;    /* admissible chord slopes from (ax, ay) */
  double   tolerance; /* px (pt for vector exports) */
} Polyline;

static void
polyline_emit_candidate (Polyline *pl)
{
  if (!pl->has_candidate)
    return;
  cairo_line_to (pl->cr, pl->cx, pl->cy);
  pl->ax = pl->cx;
  pl->ay = pl->cy;
  pl->lo = -INFINITY;
  pl->hi = INFINITY;
  pl->has_candidate = FALSE;
}

static void
polyline_move_to (Polyline *pl, double x, double y)
{
  polyline_emit_candidate (pl);
  cairo_move_to (pl->cr, x, y);
  pl->ax = x;
  pl->ay = y;
  pl->lo = -INFINITY;
  pl->hi = INFINITY;
}

static void
polyline_line_to (Polyline *pl, double x, double y)
{
  double dx = x - pl->ax, slope, s_lo, s_hi;

  if (dx <= 1e-6)
    {
      /* vertical or backwards: no chord to test against */
      polyline_emit_candidate (pl);
      cairo_line_to (pl->cr, x, y);
      pl->ax = x;
      pl->ay = y;
      return;
    }
  slope = (y - pl->ay) / dx;
  if (pl->has_candidate && (slope < pl->lo || slope > pl->hi))
    {
      polyline_emit_candidate (pl);
      polyline_line_to (pl, x, y);
      return;
    }
  s_lo = (y - pl->tolerance - pl->ay) / dx;
  s_hi = (y + pl->tolerance - pl->ay) / dx;
  pl->lo = MAX (pl->lo, s_lo);
  pl->hi = MIN (pl->hi, s_hi);
  pl->cx = x;
  pl->cy = y;
  pl->has_candidate = TRUE;
}

static void
polyline_finish (Polyline *pl)
{
  polyline_emit_candidate (pl);
}

/* The faint ghost is drawn as bars wherever samples are in adjacent pixel
 * columns: at its opacity nobody sees stair steps, and it halves the cost
 * of the frame after a slider change. */
static gboolean
is_dense (const SsSeriesBin *bins, guint i, guint prev_index, gboolean faint)
{
  return bins[i].count > (faint ? 0u : 2u) && !bins[i].gap_before && prev_index + 1 == i && bins[prev_index].count > 0;
}

/* Dense data (several samples per pixel column): each column becomes a
 * pixel-aligned bar from its min to its max, joined to the previous
 * column's last value, all filled at once: what a stroked min/max polyline
 * looks like, for a fraction of the stroker's cost.  Sparse data (zoomed
 * in) and dashed lines are stroked as polylines. */
/* A bin's magnitudes |v|: FALSE when every value in it is 0.  A bin
 * whose values change sign reaches down to 0 (off a log scale). */
static gboolean
magnitude_bin (const SsSeriesBin *b, SsSeriesBin *out)
{
  *out = *b;
  if (b->count == 0)
    return FALSE;
  if (b->min == 0 && b->max == 0)
    return FALSE;
  out->first = fabs (b->first);
  out->last = fabs (b->last);
  if (b->min < 0 && b->max > 0)
    {
      out->min = 0;
      out->max = MAX (-b->min, b->max);
    }
  else
    {
      out->min = MIN (fabs (b->min), fabs (b->max));
      out->max = MAX (fabs (b->min), fabs (b->max));
    }
  return TRUE;
}

/* The bins of a log value axis: magnitudes; columns all 0 are left out
 * and lift the pen, as undetermined values do. */
static SsSeriesBin *
magnitude_bins (const SsSeriesBin *bins, guint n_bins)
{
  SsSeriesBin *out = g_new (SsSeriesBin, n_bins + 2);
  gboolean     gap = FALSE;

  for (guint i = 0; i < n_bins + 2; i++)
    {
      if (!magnitude_bin (&bins[i], &out[i]))
        {
          gap |= bins[i].count > 0;
          out[i].count = 0;
          continue;
        }
      out[i].gap_before |= gap;
      gap = FALSE;
    }
  return out;
}

/* The range of |value| over [t0, t1]: the smallest nonzero magnitude and
 * the largest (a log value axis of a signed column); FALSE when every
 * value is 0 or undetermined. */
gboolean
ss_line_layer_get_magnitude_range (SsLineLayer *self, double t0, double t1, guint n_bins, double *min, double *max)
{
  const SsSeriesBin *bins;
  double             lo = INFINITY, hi = 0;

  g_return_val_if_fail (SS_IS_LINE_LAYER (self), FALSE);

  bins = ss_series_get_bins (self->series, t0, t1, n_bins);
  if (bins == NULL)
    return FALSE;
  for (guint i = 1; i <= n_bins; i++)
    {
      SsSeriesBin b;

      if (!magnitude_bin (&bins[i], &b))
        continue;
      hi = MAX (hi, b.max);
      if (b.min > 0)
        lo = MIN (lo, b.min);
      if (b.first > 0)
        lo = MIN (lo, b.first);
      if (b.last > 0)
        lo = MIN (lo, b.last);
    }
  if (!(hi > 0))
    return FALSE;
  *min = isfinite (lo) ? lo : hi * 1e-3;
  *max = hi;
  return TRUE;
}

/* The curve on @cr; @coverage: its coverage only (opaque, no colour). */
static void
draw_curve (SsLineLayer *self, cairo_t *cr, const SsChartContext *ctx, gboolean coverage)
{
  guint                   n_bins = MAX (1, (guint)ceil (ctx->width));
  const SsSeriesBin      *bins = ss_series_get_bins (self->series, ctx->t0, ctx->t1, n_bins);
  g_autofree SsSeriesBin *magnitudes = NULL;
  double                  lw = self->width * ctx->line_scale;
  gboolean                pen = FALSE, any_bar = FALSE;
  Polyline                pl = { cr, FALSE, 0, 0, 0, 0, -INFINITY, INFINITY, ctx->for_export ? 0.05 : 0.25 };
  guint                   prev_index = G_MAXUINT - 1, first = 0, before;

  if (bins == NULL)
    return;
  /* a log value axis shows |value| */
  if (ctx->ymap.scale == SS_AXIS_SCALE_LOG)
    bins = magnitudes = magnitude_bins (bins, n_bins);
  /* dashes keep their phase only when the path starts where it always does */
  if (!self->dashed && !self->run_style)
    first = ss_chart_context_first_bin (ctx, n_bins);
  /* the last column with samples before the first drawn one decides how
   * that one joins on, as in a full draw */
  before = G_MAXUINT - 1;
  for (guint i = first; i-- > 0;)
    if (bins[i].count > 0)
      {
        before = i;
        break;
      }

  cairo_rectangle (cr, ctx->x, ctx->y - 2, ctx->width, ctx->height + 4);
  cairo_clip (cr);
  apply_style (self, cr, ctx->line_scale, ctx->for_export);
  if (coverage)
    cairo_set_source_rgba (cr, 0, 0, 0, 1);

  /* pass 1: bars (screen only: exports are stroked at full quality) */
  if (!self->dashed && !self->run_style && !ctx->for_export)
    {
      prev_index = before;
      for (guint i = first; i < n_bins + 2; i++)
        {
          const SsSeriesBin *b = &bins[i];

          if (b->count == 0)
            continue;
          if (is_dense (bins, i, prev_index, self->faint))
            {
              const SsSeriesBin *p = &bins[prev_index];
              double             lo = MIN (b->min, p->last), hi = MAX (b->max, p->last);
              double             x0 = floor (ss_chart_context_x (ctx, b->t_first) - lw / 2 + 0.5);
              double             x1 = ceil (ss_chart_context_x (ctx, b->t_last) + lw / 2 - 0.5);
              double             y0 = floor (ss_chart_context_y (ctx, hi) - lw / 2 + 0.5);
              double             y1 = ceil (ss_chart_context_y (ctx, lo) + lw / 2 - 0.5);

              cairo_rectangle (cr, x0, y0, MAX (x1 - x0, 1), MAX (y1 - y0, 1));
              any_bar = TRUE;
            }
          prev_index = i;
        }
      if (any_bar)
        cairo_fill (cr);
    }

  /* pass 2: everything else as a polyline */
  prev_index = before;
  for (guint i = first; i < n_bins + 2; i++)
    {
      const SsSeriesBin *b = &bins[i];
      gboolean           joined;

      if (b->count == 0)
        continue;
      if (!self->dashed && !self->run_style && !ctx->for_export && is_dense (bins, i, prev_index, self->faint))
        {
          pen = FALSE; /* the bar drew it; the next segment starts here */
          prev_index = i;
          continue;
        }
      joined = prev_index < n_bins + 2 && !b->gap_before;
      /* an undetermined stretch lifts the pen: never bridged */
      if (!pen || !joined)
        {
          if (joined)
            polyline_move_to (&pl, ss_chart_context_x (ctx, bins[prev_index].t_last),
                              ss_chart_context_y (ctx, bins[prev_index].last));
          else
            polyline_move_to (&pl, ss_chart_context_x (ctx, b->t_first), ss_chart_context_y (ctx, b->first));
        }
      polyline_line_to (&pl, ss_chart_context_x (ctx, b->t_first), ss_chart_context_y (ctx, b->first));
      if (b->count > 2 && b->max > b->min)
        {
          double xc = 0.5 * (ss_chart_context_x (ctx, b->t_first) + ss_chart_context_x (ctx, b->t_last));

          polyline_line_to (&pl, xc, ss_chart_context_y (ctx, b->min));
          polyline_line_to (&pl, xc, ss_chart_context_y (ctx, b->max));
        }
      if (b->count > 1)
        polyline_line_to (&pl, ss_chart_context_x (ctx, b->t_last), ss_chart_context_y (ctx, b->last));
      pen = TRUE;
      prev_index = i;
    }
  polyline_finish (&pl);
  cairo_stroke (cr);
}

/* A pinned run on an image (a render thread's chart, or a test's): its
 * coverage drawn again only when what it depends on changed, then
 * composited in its colour.  FALSE when it must be stroked on @cr (another
 * surface, or the mask busy on another thread). */
static gboolean
draw_pinned (SsLineLayer *self, cairo_t *cr, const SsChartContext *ctx)
{
  cairo_surface_t *target = cairo_get_target (cr);
  PinMask         *mask = self->pin_mask;
  PinMaskKey       key;

  if (cairo_surface_get_type (target) != CAIRO_SURFACE_TYPE_IMAGE || !g_mutex_trylock (&mask->lock))
    return FALSE;
  memset (&key, 0, sizeof key); /* compared whole, padding included */
  key.x = ctx->x;
  key.y = ctx->y;
  key.width = ctx->width;
  key.height = ctx->height;
  key.xmap = ctx->xmap;
  key.ymap = ctx->ymap;
  key.t0 = ctx->t0;
  key.t1 = ctx->t1;
  key.line_scale = ctx->line_scale;
  key.reveal_end = ss_series_get_data_end (self->series);
  key.revision = ss_series_get_revision (self->series);
  key.run_style = self->run_style;
  key.stroke_width = self->width;
  key.faint = self->faint;
  cairo_get_matrix (cr, &key.ctm);
  cairo_surface_get_device_scale (target, &key.scale_x, &key.scale_y);
  key.target_width = cairo_image_surface_get_width (target);
  key.target_height = cairo_image_surface_get_height (target);

  if (mask->coverage == NULL || memcmp (&mask->key, &key, sizeof key) != 0)
    {
      /* the device pixels of the curve's clip (see draw_curve) */
      double   xs[2] = { ctx->x, ctx->x + ctx->width }, ys[2] = { ctx->y - 2, ctx->y + ctx->height + 2 };
      double   x0 = INFINITY, y0 = INFINITY, x1 = -INFINITY, y1 = -INFINITY;
      int      px0, py0, px1, py1;
      cairo_t *mcr;

      for (int i = 0; i < 2; i++)
        for (int j = 0; j < 2; j++)
          {
            double x = xs[i], y = ys[j];

            cairo_user_to_device (cr, &x, &y);
            x0 = MIN (x0, x * key.scale_x);
            x1 = MAX (x1, x * key.scale_x);
            y0 = MIN (y0, y * key.scale_y);
            y1 = MAX (y1, y * key.scale_y);
          }
      px0 = CLAMP ((int)floor (x0), 0, key.target_width);
      py0 = CLAMP ((int)floor (y0), 0, key.target_height);
      px1 = CLAMP ((int)ceil (x1), 0, key.target_width);
      py1 = CLAMP ((int)ceil (y1), 0, key.target_height);
      g_clear_pointer (&mask->coverage, cairo_surface_destroy);
      mask->key = key;
      mask->dx = px0;
      mask->dy = py0;
      mask->coverage = cairo_image_surface_create (CAIRO_FORMAT_A8, MAX (px1 - px0, 1), MAX (py1 - py0, 1));
      cairo_surface_set_device_scale (mask->coverage, key.scale_x, key.scale_y);
      cairo_surface_set_device_offset (mask->coverage, -px0, -py0);
      mcr = cairo_create (mask->coverage);
      cairo_set_matrix (mcr, &key.ctm);
      draw_curve (self, mcr, ctx, TRUE);
      cairo_destroy (mcr);
      cairo_surface_flush (mask->coverage);
      mask->draws++;
    }

  cairo_save (cr);
  cairo_identity_matrix (cr);
  set_source (self, cr);
  cairo_mask_surface (cr, mask->coverage, 0, 0);
  cairo_restore (cr);
  g_mutex_unlock (&mask->lock);
  return TRUE;
}

static void
ss_line_layer_draw (SsChartLayer *layer, cairo_t *cr, const SsChartContext *ctx)
{
  SsLineLayer *self = SS_LINE_LAYER (layer);

  if (self->run_style == 0 || ctx->for_export || !draw_pinned (self, cr, ctx))
    draw_curve (self, cr, ctx, FALSE);
}

/* How many times a pinned run's curve was stroked for the screen's images
 * (tests: the others composite the kept coverage). */
guint
ss_line_layer_get_pin_strokes (SsLineLayer *self)
{
  guint n;

  g_return_val_if_fail (SS_IS_LINE_LAYER (self), 0);

  g_mutex_lock (&self->pin_mask->lock);
  n = self->pin_mask->draws;
  g_mutex_unlock (&self->pin_mask->lock);
  return n;
}

static guint
ss_line_layer_get_data_revision (SsChartLayer *layer)
{
  return ss_series_get_revision (SS_LINE_LAYER (layer)->series);
}

static double
ss_line_layer_get_data_end (SsChartLayer *layer)
{
  return ss_series_get_data_end (SS_LINE_LAYER (layer)->series);
}

static gboolean
ss_line_layer_get_data_complete (SsChartLayer *layer)
{
  return ss_series_get_complete (SS_LINE_LAYER (layer)->series);
}

static gboolean
ss_line_layer_get_y_range (SsChartLayer *layer, double t0, double t1, guint n_bins, double *min, double *max)
{
  SsLineLayer *self = SS_LINE_LAYER (layer);

  return ss_series_get_range (self->series, t0, t1, n_bins, min, max);
}

/* Whether the line has a value at @t to read: its run has reached @t. */
gboolean
ss_line_layer_has_value (SsLineLayer *self, double t)
{
  return ss_series_has_data (self->series) && t <= ss_dataset_get_end_time (ss_series_get_dataset (self->series));
}

/* The value the legend's readout shows at @t, interpolated by the series;
 * NaN where there is none or the equations leave it undetermined. */
double
ss_line_layer_value_at (SsLineLayer *self, double t)
{
  g_return_val_if_fail (SS_IS_LINE_LAYER (self), NAN);
  return ss_line_layer_has_value (self, t) ? ss_series_value_at (self->series, t) : NAN;
}

static char *
ss_line_layer_format_value (SsChartLayer *layer, double t)
{
  SsLineLayer *self = SS_LINE_LAYER (layer);
  double       v;

  if (!ss_line_layer_has_value (self, t))
    return NULL;
  v = ss_series_value_at (self->series, t);
  if (isnan (v))
    /* Translators: a static friction force the equations do not determine */
    return g_strdup (_("undetermined"));
  return ss_readable_quantity (v, ss_line_layer_get_noise (self), self->unit);
}

/* The key of format_value's text (see get_readout_key): its branch and
 * the shape of its number. */
static guint64
ss_line_layer_get_readout_key (SsChartLayer *layer, double t)
{
  SsLineLayer *self = SS_LINE_LAYER (layer);
  double       v;

  if (!ss_line_layer_has_value (self, t))
    return 1;
  v = ss_series_value_at (self->series, t);
  if (isnan (v))
    return 2;
  return 3 | (guint64)ss_readable_number_shape (v, ss_line_layer_get_noise (self)) << 2;
}

static void
ss_line_layer_draw_swatch (SsChartLayer *layer, cairo_t *cr, double x, double y, double width, double height)
{
  SsLineLayer *self = SS_LINE_LAYER (layer);

  apply_style (self, cr, 1.0, TRUE);
  cairo_set_line_width (cr, MAX (2.0, self->width));
  cairo_move_to (cr, x, y + height / 2);
  cairo_line_to (cr, x + width, y + height / 2);
  cairo_stroke (cr);
}

static SsChartLayer *
ss_line_layer_freeze (SsChartLayer *layer, double t0, double t1, guint n_bins)
{
  SsLineLayer *self = SS_LINE_LAYER (layer);
  g_autoptr(SsSeries) series = ss_series_freeze (self->series, t0, t1, n_bins);
  SsLineLayer *copy;

  if (series == NULL)
    return NULL;
  copy = SS_LINE_LAYER (ss_line_layer_new (series, self->unit));
  copy->width = self->width;
  copy->dashed = self->dashed;
  copy->faint = self->faint;
  copy->run_style = self->run_style;
  g_clear_pointer (&copy->pin_mask, pin_mask_unref);
  copy->pin_mask = g_atomic_rc_box_acquire (self->pin_mask);
  return SS_CHART_LAYER (copy);
}

static void
ss_line_layer_finalize (GObject *object)
{
  SsLineLayer *self = (SsLineLayer *)object;

  g_clear_object (&self->series);
  g_free (self->unit);
  g_clear_pointer (&self->pin_mask, pin_mask_unref);

  G_OBJECT_CLASS (ss_line_layer_parent_class)->finalize (object);
}

static void
ss_line_layer_class_init (SsLineLayerClass *klass)
{
  SsChartLayerClass *layer_class = SS_CHART_LAYER_CLASS (klass);

  G_OBJECT_CLASS (klass)->finalize = ss_line_layer_finalize;
  layer_class->draw = ss_line_layer_draw;
  layer_class->get_y_range = ss_line_layer_get_y_range;
  layer_class->format_value = ss_line_layer_format_value;
  layer_class->get_readout_key = ss_line_layer_get_readout_key;
  layer_class->draw_swatch = ss_line_layer_draw_swatch;
  layer_class->get_data_revision = ss_line_layer_get_data_revision;
  layer_class->get_data_end = ss_line_layer_get_data_end;
  layer_class->get_data_complete = ss_line_layer_get_data_complete;
  layer_class->freeze = ss_line_layer_freeze;
}

static void
ss_line_layer_init (SsLineLayer *self)
{
  self->width = 1.6;
  self->pin_mask = pin_mask_new ();
}

SsChartLayer *
ss_line_layer_new (SsSeries *series, const char *unit)
{
  SsLineLayer *self = g_object_new (SS_TYPE_LINE_LAYER, NULL);

  self->series = g_object_ref (series);
  self->unit = g_strdup (unit);
  return SS_CHART_LAYER (self);
}

SsSeries *
ss_line_layer_get_series (SsLineLayer *self)
{
  return self->series;
}

void
ss_line_layer_set_dashed (SsLineLayer *self, gboolean dashed)
{
  if (self->dashed == !!dashed)
    return;
  self->dashed = !!dashed;
  ss_chart_layer_changed (SS_CHART_LAYER (self));
}

void
ss_line_layer_set_faint (SsLineLayer *self, gboolean faint)
{
  if (self->faint == !!faint)
    return;
  self->faint = !!faint;
  ss_chart_layer_changed (SS_CHART_LAYER (self));
}

/* Draws a pinned run: dash pattern @run_style (1 .. SS_CHART_N_RUN_STYLES),
 * 0 the solid current run. */
void
ss_line_layer_set_run_style (SsLineLayer *self, guint run_style)
{
  if (self->run_style == run_style)
    return;
  self->run_style = run_style;
  ss_chart_layer_changed (SS_CHART_LAYER (self));
}

const char *
ss_line_layer_get_unit (SsLineLayer *self)
{
  g_return_val_if_fail (SS_IS_LINE_LAYER (self), NULL);
  return self->unit;
}

/* The noise level of the line's column in its run (ss_dataset_get_noise:
 * the run's own tolerance), what its readouts round to; 0 when unknown. */
double
ss_line_layer_get_noise (SsLineLayer *self)
{
  SsDataset *dataset;

  g_return_val_if_fail (SS_IS_LINE_LAYER (self), 0.0);
  dataset = ss_series_get_dataset (self->series);
  if (dataset == NULL)
    return 0.0;
  /* the column's index, not its name looked up at each readout */
  return ss_dataset_get_noise (dataset, ss_series_get_column_index (self->series));
}
