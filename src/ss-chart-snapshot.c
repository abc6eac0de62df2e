/* ss-chart-snapshot.c - the screen's drawing: a cached body plus a tail
 * redrawn each frame, and the playhead over them, so streaming runs and
 * Play repaint a few columns, not the whole chart.  Once the runs shown
 * are complete the body is an image the render thread drew
 * (ss-chart-render.c), which GTK's renderer copies instead of replaying
 * every curve. */
#define G_LOG_DOMAIN "ss-chart"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>
#include <pango/pangocairo.h>

#include "ss-bench.h"
#include "ss-chart-private.h"
#include "ss-chart-text.h"
#include "ss-line-layer.h"
#include "ss-span-layer.h"
#include "ss-units.h"
#include "ss-xy-layer.h"

static void
body_key_init (SsChart *self, const ChartLayout *lay, const SsChartStyle *style, BodyKey *key)
{
  memset (key, 0, sizeof *key);
  key->width = lay->width;
  key->height = lay->height;
  key->plot[0] = lay->ctx.x;
  key->plot[1] = lay->ctx.y;
  key->plot[2] = lay->ctx.width;
  key->plot[3] = lay->ctx.height;
  key->x0 = lay->ctx.xmap.lower;
  key->x1 = lay->ctx.xmap.upper;
  key->y0 = lay->ctx.ymap.lower;
  key->y1 = lay->ctx.ymap.upper;
  key->x_scale = lay->ctx.xmap.scale;
  key->y_scale = lay->ctx.ymap.scale;
  key->cursor = lay->cursor;
  key->hover = lay->hover;
  /* a time chart draws the playhead outside its body */
  key->playhead = self->kind == CHART_TIME ? NAN : lay->ctx.playhead;
  key->fg = style->fg;
  key->revision = self->revision;
  /* the legend is drawn where its rooms put it */
  key->legend_revision = self->legend_revision;
  key->n_layers = self->layers->len;
  for (guint i = 0; i < self->layers->len; i++)
    key->layer_revisions += ss_chart_layer_get_revision (g_ptr_array_index (self->layers, i));
}

/* The earliest end of the visible layers' data, s: rows can only come after
 * it (+INFINITY: none can come). */
double
_ss_chart_earliest_data_end (SsChart *self)
{
  double earliest = INFINITY;

  for (guint i = 0; i < self->layers->len; i++)
    {
      SsChartLayer *layer = g_ptr_array_index (self->layers, i);

      if (ss_chart_layer_get_visible (layer))
        earliest = MIN (earliest, ss_chart_layer_get_data_end (layer));
    }
  return earliest;
}

/* The same over the layers whose rows may still grow: +INFINITY once every
 * run shown is over. */
static double
earliest_growing_end (SsChart *self)
{
  double earliest = INFINITY;

  for (guint i = 0; i < self->layers->len; i++)
    {
      SsChartLayer *layer = g_ptr_array_index (self->layers, i);

      if (ss_chart_layer_get_visible (layer) && !ss_chart_layer_get_data_complete (layer))
        earliest = MIN (earliest, ss_chart_layer_get_data_end (layer));
    }
  return earliest;
}

/* Left edge of the pixel column holding time @t, clamped to the plot. */
static double
column_edge (const SsChartContext *ctx, double t)
{
  guint  n_bins = MAX (1, (guint)ceil (ctx->width));
  double column = floor ((t - ctx->t0) / (ctx->t1 - ctx->t0) * n_bins);

  return ctx->x + CLAMP (column, 0, n_bins) * ctx->width / n_bins;
}

/* The screen draws a chart against time in two render nodes.  The body
 * (all of it, the plot's data only left of a pixel column no row can reach
 * any more) is kept while nothing but appended rows change; the tail, the
 * plot right of that column, is drawn every frame.  GTK then repaints only the tail:
 * while a run streams in that is a few columns instead of the whole chart.
 * Once every run shown is over there is no tail: a tail is a new node each
 * frame, which GTK repaints with all it covers of the body.  Both go
 * through _ss_chart_draw_decor and _ss_chart_draw_data, like exports.  A chart not against
 * time has no such column: new rows redraw it whole. */
#define TAIL_LIMIT 48.0 /* px of tail before the body is redrawn */
#define TAIL_SPILL                                      \
  3.0 /* px left of its column that a column's bar, the \
       * ends of its strokes and a band's edge may reach */

/* The part of the plot right of @cut the tail draws (lines reach
 * TAIL_MARGIN above and below the plot); FALSE when there is none. */
#define TAIL_MARGIN 2.0

static gboolean
tail_rect (const SsChartContext *ctx, double cut, graphene_rect_t *rect)
{
  double right = ctx->x + ctx->width;

  if (cut >= right)
    return FALSE;
  graphene_rect_init (rect, cut, ctx->y - TAIL_MARGIN, right - cut, ctx->height + 2 * TAIL_MARGIN);
  return TRUE;
}

/* The playhead: a line over the plot, its own node so the body stays. */
static void
playhead_snapshot (GtkSnapshot *snapshot, const SsChartContext *ctx, const SsChartStyle *style)
{
  GdkRGBA color = style->fg;
  double  x;

  if (isnan (ctx->playhead) || ctx->playhead < ctx->t0 || ctx->playhead > ctx->t1 || ctx->height <= 0)
    return;
  x = round (ss_chart_context_x (ctx, ctx->playhead));
  color.alpha = 0.8;
  gtk_snapshot_append_color (snapshot, &color, &GRAPHENE_RECT_INIT (x - 0.75, ctx->y, 1.5, ctx->height));
}

/* Cursor A orange, B purple: apart from the curves' blues and greens and
 * from the playhead's foreground colour. */
void
_ss_chart_measure_color (guint which, GdkRGBA *color)
{
  static const GdkRGBA colors[] = { { 0.90, 0.38, 0.0, 0.95 }, { 0.57, 0.25, 0.67, 0.95 } };

  *color = colors[MIN (which, 1)];
}

/* The measurement cursors A and B: lines of their own colours with their
 * letter at the top, over the body like the playhead (they move while the
 * curves stay), never in an export. */
static void
measure_snapshot (SsChart *self, GtkSnapshot *snapshot, const SsChartContext *ctx, const SsChartStyle *style)
{
  static const char *const letters[] = { "A", "B" };

  if (!ss_time_axis_get_measuring (self->time_axis) || ctx->height <= 0)
    return;
  for (guint i = 0; i < G_N_ELEMENTS (letters); i++)
    {
      double  t = ss_time_axis_get_measure (self->time_axis, i);
      GdkRGBA color;
      double  x;
      int     tw, th;
      g_autoptr(PangoLayout) layout = NULL;

      if (isnan (t) || t < ctx->t0 || t > ctx->t1)
        continue;
      _ss_chart_measure_color (i, &color);
      x = round (ss_chart_context_x (ctx, t));
      gtk_snapshot_append_color (snapshot, &color, &GRAPHENE_RECT_INIT (x - 0.75, ctx->y, 1.5, ctx->height));
      layout = _ss_chart_text (self->text_cache, self->measure, style, TRUE, letters[i]);
      pango_layout_get_pixel_size (layout, &tw, &th);
      /* the letter on a tab beside the line, inside the plot */
      {
        double  left = x + tw + 5 > ctx->x + ctx->width ? x - tw - 5 : x;
        GdkRGBA white = { 1, 1, 1, 1 };

        gtk_snapshot_append_color (snapshot, &color, &GRAPHENE_RECT_INIT (left, ctx->y, tw + 5, th + 1));
        gtk_snapshot_save (snapshot);
        gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (left + 2.5, ctx->y + 0.5));
        gtk_snapshot_append_layout (snapshot, layout, &white);
        gtk_snapshot_restore (snapshot);
      }
    }
}

/* A hidden chart: its title, dimmed, and how to show it again. */
static void
collapsed_snapshot (SsChart *self, GtkSnapshot *snapshot, const SsChartStyle *style, int width, int height)
{
  g_autofree char *text = NULL;
  g_autoptr(PangoLayout) layout = NULL;
  GdkRGBA fg = style->fg, band = style->fg;

  band.alpha = 0.05;
  gtk_snapshot_append_color (snapshot, &band, &GRAPHENE_RECT_INIT (0, 0, width, height));
  /* Translators: a hidden chart's title row; %s is its title */
  text = g_strdup_printf (_("%s — hidden, click to show"), self->title != NULL ? self->title : "");
  layout = _ss_chart_text (self->text_cache, self->measure, style, TRUE, text);
  fg.alpha *= 0.55;
  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (8, 3));
  gtk_snapshot_append_layout (snapshot, layout, &fg);
  gtk_snapshot_restore (snapshot);
}

/* The highlight of a chart just brought into view: an accent frame that
 * fades out. */
static void
flash_snapshot (SsChart *self, GtkSnapshot *snapshot, int width, int height)
{
  double         alpha = _ss_chart_flash_alpha (self);
  GdkRGBA        accent = { 0.21, 0.52, 0.89, 0 };
  GskRoundedRect outline;
  const float    w = 3;

  if (alpha <= 0)
    return;
  accent.alpha = 0.9 * alpha;
  gsk_rounded_rect_init_from_rect (&outline, &GRAPHENE_RECT_INIT (0, 0, width, height), 4);
  gtk_snapshot_append_border (snapshot, &outline, (float[4]){ w, w, w, w },
                              (GdkRGBA[4]){ accent, accent, accent, accent });
  accent.alpha = 0.08 * alpha;
  gtk_snapshot_append_color (snapshot, &accent, &GRAPHENE_RECT_INIT (0, 0, width, height));
}

/* Whether any of the chart is inside its scrolled window (or it has
 * none): a chart below the fold does not hold up a frame. */
static gboolean
on_screen (SsChart *self)
{
  GtkWidget      *scroller = gtk_widget_get_ancestor (GTK_WIDGET (self), GTK_TYPE_SCROLLED_WINDOW);
  graphene_rect_t bounds;

  if (scroller == NULL || !gtk_widget_compute_bounds (GTK_WIDGET (self), scroller, &bounds))
    return TRUE;
  return bounds.origin.y < gtk_widget_get_height (scroller) && bounds.origin.y + bounds.size.height > 0 &&
         bounds.origin.x < gtk_widget_get_width (scroller) && bounds.origin.x + bounds.size.width > 0;
}

/* The key of a body drawn into pixels: against time its legend and hover
 * line are drawn over it each frame (they follow the pointer), so the
 * cursor is not part of it. */
static void
image_key (SsChart *self, BodyKey *key)
{
  if (self->kind == CHART_TIME)
    key->cursor = key->hover = 0;
  /* the legend is drawn over the image */
  key->legend_revision = 0;
}

/* Makes sure a job draws the body for @key (a new one replaces a stale
 * one); FALSE when the body cannot be drawn off the main thread now. */
static gboolean
ensure_job (SsChart            *self,
            const ChartLayout  *lay,
            const SsChartStyle *style,
            const BodyKey      *key,
            int                 width,
            int                 height,
            int                 scale,
            gboolean            urgent)
{
  ChartLayout body = *lay;

  if (self->job != NULL && _ss_chart_job_matches (self->job, key, scale))
    return TRUE;
  g_clear_pointer (&self->job, _ss_chart_job_drop);
  /* against time the hover line is drawn over the body */
  if (self->kind == CHART_TIME)
    body.hover = NAN;
  self->job = _ss_chart_job_new (self, &body, style, key, width, height, scale);
  if (self->job == NULL)
    return FALSE;
  _ss_chart_job_submit (self->job, urgent);
  return TRUE;
}

/* A body whose runs are all complete: pixels the render thread drew, and
 * over them (against time) the hover line and the legend, which follow
 * the pointer, recorded here; kept as one node while nothing changes.  A
 * chart on screen waits for its image; one below the fold shows its old
 * image (stretched to its size) until the new one is ready and redraws.
 * FALSE when the body must be drawn here (rows may still come). */
static gboolean
image_snapshot (SsChart            *self,
                GtkSnapshot        *snapshot,
                const ChartLayout  *lay,
                const SsChartStyle *style,
                const BodyKey      *key,
                int                 width,
                int                 height)
{
  int             scale = gtk_widget_get_scale_factor (GTK_WIDGET (self));
  graphene_rect_t bounds = GRAPHENE_RECT_INIT (0, 0, width, height);
  BodyKey         ikey = *key;

  image_key (self, &ikey);
  if (self->image == NULL || self->image->scale != scale || memcmp (&self->image->key, &ikey, sizeof ikey) != 0)
    {
      gboolean    shown = on_screen (self);
      ChartImage *image;

      if (!ensure_job (self, lay, style, &ikey, width, height, scale, shown))
        return FALSE;
      image = _ss_chart_job_finish (self->job, shown);
      if (image != NULL)
        {
          _ss_chart_job_apply_reserve (self, self->job);
          /* its legend rooms may still be measured */
          g_clear_pointer (&self->reserve_job, _ss_chart_job_drop);
          if (self->job_reserve != NULL)
            self->reserve_job = g_steal_pointer (&self->job);
          g_clear_pointer (&self->job, _ss_chart_job_drop);
          g_clear_pointer (&self->image, _ss_chart_image_free);
          self->image = image;
          self->body_renders++;
        }
    }
  if (self->image == NULL)
    {
      g_clear_pointer (&self->body, gsk_render_node_unref);
      return TRUE;
    }
  if (self->body == NULL || self->body_image != self->image || memcmp (key, &self->body_key, sizeof *key) != 0)
    {
      double   iw = cairo_image_surface_get_width (self->image->surface) / (double)self->image->scale;
      double   ih = cairo_image_surface_get_height (self->image->surface) / (double)self->image->scale;
      cairo_t *cr;

      g_clear_pointer (&self->body, gsk_render_node_unref);
      self->body = gsk_cairo_node_new (&bounds);
      self->body_key = *key;
      self->body_image = self->image;
      self->body_cut = width;
      cr = gsk_cairo_node_get_draw_context (self->body);
      cairo_save (cr);
      /* an old image meanwhile (below the fold): stretched to the size */
      if (iw != width || ih != height)
        cairo_scale (cr, width / iw, height / ih);
      cairo_set_source_surface (cr, self->image->surface, 0, 0);
      cairo_paint (cr);
      cairo_restore (cr);
      _ss_chart_draw_hover (cr, lay, style);
      _ss_chart_draw_legend_in (self, cr, lay, style);
      cairo_destroy (cr);
    }
  gtk_snapshot_append_node (snapshot, self->body);
  return TRUE;
}

/* The data changed (a run was handed over): the body of a chart whose
 * runs are complete starts being drawn now, off the main thread, so the
 * frame that shows it only swaps it in. */
void
ss_chart_prepare (SsChart *self)
{
  int          width, height;
  SsChartStyle style;
  ChartLayout  lay;
  BodyKey      key;

  g_return_if_fail (SS_IS_CHART (self));

  width = gtk_widget_get_width (GTK_WIDGET (self));
  height = gtk_widget_get_height (GTK_WIDGET (self));
  if (width <= 0 || height <= 0 || self->collapsed || self->kind == CHART_RULER ||
      !gtk_widget_get_mapped (GTK_WIDGET (self)) || earliest_growing_end (self) < INFINITY)
    return;
  _ss_chart_ensure_measure (self);
  ss_chart_style_init_for_widget (&style, GTK_WIDGET (self));
  _ss_chart_layout (self, self->measure, width, height, &style, &lay);
  body_key_init (self, &lay, &style, &key);
  image_key (self, &key);
  if (self->image != NULL && self->image->scale == gtk_widget_get_scale_factor (GTK_WIDGET (self)) &&
      memcmp (&self->image->key, &key, sizeof key) == 0)
    return;
  ensure_job (self, &lay, &style, &key, width, height, gtk_widget_get_scale_factor (GTK_WIDGET (self)),
              on_screen (self));
}

void
_ss_chart_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  SsChart     *self = SS_CHART (widget);
  int          width = gtk_widget_get_width (widget);
  int          height = gtk_widget_get_height (widget);
  gint64       start = g_get_monotonic_time ();
  double       earliest, cut;
  SsChartStyle style;
  ChartLayout  lay;
  BodyKey      key;
  cairo_t     *cr;

  if (width <= 0 || height <= 0)
    return;
  _ss_chart_ensure_measure (self);
  ss_chart_style_init_for_widget (&style, widget);
  if (self->collapsed)
    {
      collapsed_snapshot (self, snapshot, &style, width, height);
      flash_snapshot (self, snapshot, width, height);
      return;
    }
  _ss_chart_layout (self, self->measure, width, height, &style, &lay);
  body_key_init (self, &lay, &style, &key);
  /* the column of the earliest end may still change, and with it what its
   * drawing spills to the left: the body stops short of that */
  earliest = earliest_growing_end (self);
  if (earliest == INFINITY && self->kind != CHART_RULER &&
      image_snapshot (self, snapshot, &lay, &style, &key, width, height))
    {
      if (self->kind == CHART_TIME)
        playhead_snapshot (snapshot, &lay.ctx, &style);
      goto over;
    }
  /* rows may still come: the body is recorded here, the tail each frame */
  g_clear_pointer (&self->job, _ss_chart_job_drop);
  g_clear_pointer (&self->reserve_job, _ss_chart_job_drop);
  g_clear_pointer (&self->job_reserve, g_ptr_array_unref);
  g_clear_pointer (&self->image, _ss_chart_image_free);
  if (self->body_image != NULL)
    {
      g_clear_pointer (&self->body, gsk_render_node_unref);
      self->body_image = NULL;
    }
  if (self->kind == CHART_TIME)
    cut = earliest > lay.ctx.t1 ? width : MAX (lay.ctx.x, column_edge (&lay.ctx, earliest) - TAIL_SPILL);
  else
    {
      cut = width;
      key.data_end = earliest;
    }

  /* the legend reads the data at the cursor: rows still to come change it */
  if (self->body == NULL || memcmp (&key, &self->body_key, sizeof key) != 0 || cut - self->body_cut > TAIL_LIMIT ||
      (cut >= width && self->body_cut < width) || (!isnan (lay.cursor) && lay.cursor >= earliest))
    {
      graphene_rect_t bounds = GRAPHENE_RECT_INIT (0, 0, width, height);
      graphene_rect_t tail;
      ChartPaint      paint;

      g_clear_pointer (&self->body, gsk_render_node_unref);
      self->body_key = key;
      self->body_image = NULL;
      self->body_cut = cut;
      self->body = gsk_cairo_node_new (&bounds);
      self->body_renders++;
      /* rasterised by GTK's renderer at the device scale: crisp on HiDPI */
      cr = gsk_cairo_node_get_draw_context (self->body);
      _ss_chart_paint_init (self, &paint);
      _ss_chart_draw_decor (&paint, cr, &lay, &style);
      /* everything but the tail's part of the plot: the legend and the
       * labels round the plot are the body's alone, so no text is ever
       * split between the two */
      cairo_rectangle (cr, 0, 0, width, height);
      if (tail_rect (&lay.ctx, self->body_cut, &tail))
        {
          cairo_rectangle (cr, tail.origin.x, tail.origin.y, tail.size.width, tail.size.height);
          cairo_set_fill_rule (cr, CAIRO_FILL_RULE_EVEN_ODD);
        }
      cairo_clip (cr);
      cairo_set_fill_rule (cr, CAIRO_FILL_RULE_WINDING);
      _ss_chart_draw_data (&paint, cr, &lay, &lay.ctx, &style);
      _ss_chart_draw_legend_in (self, cr, &lay, &style);
      _ss_chart_paint_clear (&paint);
      cairo_destroy (cr);
    }
  gtk_snapshot_append_node (snapshot, self->body);
  if (self->kind == CHART_TIME)
    playhead_snapshot (snapshot, &lay.ctx, &style);

  {
    graphene_rect_t tail;
    SsChartContext  ctx = lay.ctx;

    if (tail_rect (&lay.ctx, self->body_cut, &tail))
      {
        ChartPaint paint;

        ctx.x_from = self->body_cut;
        cr = gtk_snapshot_append_cairo (snapshot, &tail);
        cairo_rectangle (cr, tail.origin.x, tail.origin.y, tail.size.width, tail.size.height);
        cairo_clip (cr);
        _ss_chart_paint_init (self, &paint);
        _ss_chart_draw_data (&paint, cr, &lay, &ctx, &style);
        _ss_chart_paint_clear (&paint);
        cairo_destroy (cr);
      }
  }
over:
  if (self->kind == CHART_TIME)
    measure_snapshot (self, snapshot, &lay.ctx, &style);
  flash_snapshot (self, snapshot, width, height);
  ss_bench_accumulate (SS_BENCH_PLOT, (g_get_monotonic_time () - start) / 1000.0);
  ss_bench_accumulate (SS_BENCH_FRAME, (g_get_monotonic_time () - start) / 1000.0);
}

/* How often the screen drew a chart's body whole (tests, benchmark). */
guint
ss_chart_get_body_renders (SsChart *self)
{
  return self->body_renders;
}
