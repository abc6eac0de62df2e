/* ss-chart-snapshot.c - the screen's drawing: a cached body plus a tail
 * redrawn each frame, and the playhead over them, so streaming runs and
 * Play repaint a few columns, not the whole chart. */
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
      layout = _ss_chart_text (self, self->measure, style, TRUE, letters[i]);
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
  layout = _ss_chart_text (self, self->measure, style, TRUE, text);
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

      g_clear_pointer (&self->body, gsk_render_node_unref);
      self->body_key = key;
      self->body_cut = cut;
      self->body = gsk_cairo_node_new (&bounds);
      self->body_renders++;
      /* rasterised by GTK's renderer at the device scale: crisp on HiDPI */
      cr = gsk_cairo_node_get_draw_context (self->body);
      _ss_chart_draw_decor (self, cr, &lay, &style);
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
      _ss_chart_draw_data (self, cr, &lay, &lay.ctx, &style, TRUE);
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
        ctx.x_from = self->body_cut;
        cr = gtk_snapshot_append_cairo (snapshot, &tail);
        cairo_rectangle (cr, tail.origin.x, tail.origin.y, tail.size.width, tail.size.height);
        cairo_clip (cr);
        _ss_chart_draw_data (self, cr, &lay, &ctx, &style, FALSE);
        cairo_destroy (cr);
      }
  }
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
