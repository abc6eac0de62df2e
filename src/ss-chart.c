/* ss-chart.c */
#define G_LOG_DOMAIN "ss-chart"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>
#include <pango/pangocairo.h>

#include "ss-bench.h"
#include "ss-chart.h"
#include "ss-line-layer.h"
#include "ss-span-layer.h"
#include "ss-units.h"

#define MARGIN_LEFT  58.0
#define MARGIN_RIGHT 14.0
#define SWATCH_WIDTH 18.0

/* Everything the cached body depends on except rows appended to the data;
 * compared bytewise, so built on zeroed memory. */
typedef struct
{
  double  width;
  double  height;
  double  x0, x1; /* the axes' ranges as drawn */
  double  y0, y1;
  int     x_scale, y_scale;
  double  cursor; /* s, NaN included */
  GdkRGBA fg;
  guint   revision; /* the chart's own: title, layers, labels */
  guint   n_layers;
  guint64 layer_revisions; /* sum over the layers; each only grows */
} BodyKey;

struct _SsChart
{
  GtkWidget   parent_instance;
  SsTimeAxis *time_axis;
  SsAxis     *x_axis;    /* the time axis (not a reference of its own) */
  SsAxis     *y_axis;    /* the chart's own value axis */
  gboolean    in_layout; /* the layout sets the value axis's extent */
  GPtrArray  *layers;
  char       *title; /* value axis label, with unit */
  gboolean    show_time_labels;
  /* geometry of the last on-screen draw, for pointer -> time */
  double plot_x;
  double plot_width;
  double drag_lower;
  double drag_upper;
  /* on-screen text, "<b|r><size>:<text>" -> PangoLayout: shaping labels
   * was a third of a chart's drawing time, and they rarely change */
  GHashTable *text_cache;
  cairo_t    *measure; /* lays out text before anything is drawn */
  /* the screen's drawing without the newest columns: see ss_chart_snapshot */
  GskRenderNode *body;
  BodyKey        body_key;
  double         body_cut; /* x from which the body holds no data, px */
  guint          body_renders;
  guint          revision; /* grows when the title, labels or layers change */
};

#define TEXT_CACHE_LIMIT 512

G_DEFINE_FINAL_TYPE (SsChart, ss_chart, GTK_TYPE_WIDGET)

void
ss_chart_style_init_for_widget (SsChartStyle *style, GtkWidget *widget)
{
  GtkStyleContext *context = gtk_widget_get_style_context (widget);
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_style_context_get_color (context, &style->fg);
  G_GNUC_END_IGNORE_DEPRECATIONS
  style->grid = style->fg;
  style->grid.alpha = 0.10;
  style->plot_bg = style->fg;
  style->plot_bg.alpha = 0.025;
  style->cursor = style->fg;
  style->cursor.alpha = 0.55;
  style->font_size = 8.5;
  style->line_scale = 1.0;
  style->for_export = FALSE;
  style->show_cursor = TRUE;
}

void
ss_chart_style_init_for_export (SsChartStyle *style)
{
  style->fg = (GdkRGBA){ 0.10, 0.10, 0.12, 1.0 };
  style->grid = (GdkRGBA){ 0.0, 0.0, 0.0, 0.09 };
  style->plot_bg = (GdkRGBA){ 1.0, 1.0, 1.0, 1.0 };
  style->cursor = (GdkRGBA){ 0, 0, 0, 0 };
  style->font_size = 9.0;
  style->line_scale = 1.0;
  style->for_export = TRUE;
  style->show_cursor = FALSE;
}

static PangoLayout *
create_layout (cairo_t *cr, const SsChartStyle *style, gboolean bold)
{
  PangoLayout          *layout = pango_cairo_create_layout (cr);
  PangoFontDescription *font = pango_font_description_from_string ("Sans");
  cairo_font_options_t *options = cairo_font_options_create ();

  /* exports must not depend on the screen's hinting */
  cairo_font_options_set_hint_metrics (options, CAIRO_HINT_METRICS_OFF);
  pango_cairo_context_set_font_options (pango_layout_get_context (layout), options);
  pango_layout_context_changed (layout);
  cairo_font_options_destroy (options);
  pango_font_description_set_size (font, (int)(style->font_size * PANGO_SCALE));
  if (bold)
    pango_font_description_set_weight (font, PANGO_WEIGHT_BOLD);
  pango_layout_set_font_description (layout, font);
  pango_font_description_free (font);
  return layout;
}

/* A laid-out text (new reference).  Exports lay out afresh; the screen
 * reuses layouts, whose font options do not depend on the target. */
static PangoLayout *
chart_text (SsChart *self, cairo_t *cr, const SsChartStyle *style, gboolean bold, const char *text)
{
  g_autofree char *key = NULL;
  PangoLayout     *layout;

  if (style->for_export)
    {
      layout = create_layout (cr, style, bold);
      pango_layout_set_text (layout, text, -1);
      return layout;
    }
  key = g_strdup_printf ("%c%g:%s", bold ? 'b' : 'r', style->font_size, text);
  layout = g_hash_table_lookup (self->text_cache, key);
  if (layout == NULL)
    {
      if (g_hash_table_size (self->text_cache) >= TEXT_CACHE_LIMIT)
        g_hash_table_remove_all (self->text_cache); /* e.g. cursor readouts */
      layout = create_layout (cr, style, bold);
      pango_layout_set_text (layout, text, -1);
      g_hash_table_insert (self->text_cache, g_steal_pointer (&key), layout);
    }
  return g_object_ref (layout);
}

static char *
legend_text (SsChartLayer *layer, double cursor)
{
  g_autofree char *value = NULL;

  if (!isnan (cursor))
    value = ss_chart_layer_format_value (layer, cursor);
  if (value != NULL && SS_IS_SPAN_LAYER (layer))
    return g_steal_pointer (&value); /* "12: stuck" */
  if (value != NULL)
    {
      /* the value carries the unit: "z = 0.12 m", not "z (m) = 0.12 m" */
      g_autofree char *name = g_strdup (ss_chart_layer_get_title (layer));
      char            *paren = g_str_has_suffix (name, ")") ? strstr (name, " (") : NULL;

      if (paren != NULL)
        *paren = '\0';
      return g_strdup_printf ("%s = %s", name, value);
    }
  return g_strdup (ss_chart_layer_get_title (layer));
}

/* Lays the legend out in rows from the right; returns its height. */
static double
draw_legend (SsChart            *self,
             cairo_t            *cr,
             double              left,
             double              right,
             double              top,
             double              cursor,
             const SsChartStyle *style,
             gboolean            draw)
{
  double x = right, y = top, row_height = 0, gap = 14;
  int    rows = 0;

  for (guint i = 0; i < self->layers->len; i++)
    {
      SsChartLayer    *layer = g_ptr_array_index (self->layers, i);
      g_autofree char *text = NULL;
      g_autoptr(PangoLayout) layout = NULL;
      int    tw, th;
      double entry;

      if (!ss_chart_layer_get_in_legend (layer) || !ss_chart_layer_get_visible (layer) ||
          ss_chart_layer_get_title (layer) == NULL)
        continue;
      text = legend_text (layer, cursor);
      layout = chart_text (self, cr, style, FALSE, text);
      pango_layout_get_pixel_size (layout, &tw, &th);
      row_height = MAX (row_height, th);
      entry = SWATCH_WIDTH + 5 + tw;
      if (rows == 0)
        rows = 1;
      else if (x - entry < left)
        {
          rows++;
          x = right;
          y += th + 2;
        }
      if (draw)
        {
          ss_chart_layer_draw_swatch (layer, cr, x - entry, y + 1, SWATCH_WIDTH, th - 2);
          gdk_cairo_set_source_rgba (cr, &style->fg);
          cairo_move_to (cr, x - tw, y);
          pango_cairo_show_layout (cr, layout);
        }
      x -= entry + gap;
    }
  return rows * (row_height + 2) + 4;
}

/* Value range of every layer over [t0, t1] at n_bins columns; FALSE when
 * no layer has data there. */
static gboolean
layers_y_range (SsChart *self, double t0, double t1, guint n_bins, double *min, double *max)
{
  double lo = INFINITY, hi = -INFINITY;

  for (guint i = 0; i < self->layers->len; i++)
    {
      double a, b;

      if (ss_chart_layer_get_y_range (g_ptr_array_index (self->layers, i), t0, t1, n_bins, &a, &b))
        {
          lo = MIN (lo, a);
          hi = MAX (hi, b);
        }
    }
  if (!(lo <= hi))
    return FALSE;
  *min = lo;
  *max = hi;
  return TRUE;
}

gboolean
ss_chart_get_y_range (SsChart *self, double *min, double *max)
{
  double t0, t1;

  ss_time_axis_get_range (self->time_axis, &t0, &t1);
  return layers_y_range (self, t0, t1, MAX (1, (guint)ceil (self->plot_width)), min, max);
}

static void
autoscale (double *lo, double *hi)
{
  double span = *hi - *lo;
  double mag = MAX (fabs (*lo), fabs (*hi));

  if (span <= mag * 1e-9 || span == 0)
    {
      double pad = mag > 0 ? mag * 0.1 : 1.0;

      *lo -= pad;
      *hi += pad;
      return;
    }
  *lo -= span * 0.07;
  *hi += span * 0.07;
}

/* Where a chart's parts go, worked out once per draw. */
typedef struct
{
  SsChartContext ctx;
  double         width; /* user units */
  double         height;
  double         legend_left;
  double         cursor; /* s; NaN: none */
} ChartLayout;

static void
chart_layout (SsChart *self, cairo_t *cr, double width, double height, const SsChartStyle *style, ChartLayout *lay)
{
  double t0, t1, lo, hi, legend_height;
  double bottom = 8; /* text rows under the plot */
  guint  n_bins;     /* one per pixel column */
  int    title_width = 0;

  memset (lay, 0, sizeof *lay);
  ss_time_axis_get_range (self->time_axis, &t0, &t1);
  lay->width = width;
  lay->height = height;
  lay->cursor = style->show_cursor ? ss_time_axis_get_cursor (self->time_axis) : NAN;
  if (self->title != NULL)
    {
      g_autoptr(PangoLayout) bold = chart_text (self, cr, style, TRUE, self->title);
      int th;

      pango_layout_get_pixel_size (bold, &title_width, &th);
    }
  if (self->show_time_labels)
    {
      /* two text rows under the plot: tick values, then the axis title */
      g_autoptr(PangoLayout) probe = chart_text (self, cr, style, FALSE, "0");
      int tw, th;

      pango_layout_get_pixel_size (probe, &tw, &th);
      bottom = 4 + 2 * th + 4;
    }
  lay->legend_left = 8 + title_width + 24;
  legend_height = draw_legend (self, cr, lay->legend_left, width - MARGIN_RIGHT, 2, lay->cursor, style, FALSE);

  lay->ctx.x = MARGIN_LEFT;
  lay->ctx.y = legend_height + 2;
  lay->ctx.width = MAX (10, width - MARGIN_LEFT - MARGIN_RIGHT);
  lay->ctx.height = MAX (10, height - lay->ctx.y - bottom);
  lay->ctx.t0 = t0;
  lay->ctx.t1 = t1;
  lay->ctx.time_x = TRUE;
  lay->ctx.cursor = lay->cursor;
  lay->ctx.playhead = NAN;
  ss_axis_get_map (self->x_axis, lay->ctx.x, lay->ctx.width, &lay->ctx.xmap);
  lay->ctx.line_scale = style->line_scale;
  lay->ctx.for_export = style->for_export;
  lay->ctx.x_from = -INFINITY;
  if (!style->for_export)
    {
      self->plot_x = lay->ctx.x;
      self->plot_width = lay->ctx.width;
    }

  n_bins = MAX (1, (guint)ceil (lay->ctx.width));
  if (!layers_y_range (self, t0, t1, n_bins, &lo, &hi))
    {
      lo = -1;
      hi = 1;
    }
  autoscale (&lo, &hi);
  /* room for what layers draw above their highest value (a level's label) */
  for (guint i = 0; i < self->layers->len; i++)
    {
      SsChartLayer *layer = g_ptr_array_index (self->layers, i);
      double        need = ss_chart_layer_get_headroom (layer, cr);
      double        h = lay->ctx.height, a, b;

      /* (hi - b) / (hi - lo) h >= need */
      if (need > 0 && need < h / 2 && ss_chart_layer_get_y_range (layer, t0, t1, n_bins, &a, &b))
        hi = MAX (hi, (b * h - need * lo) / (h - need));
    }
  /* the value axis follows the data until the user zooms it */
  self->in_layout = TRUE;
  ss_axis_set_extent (self->y_axis, lo, hi);
  self->in_layout = FALSE;
  ss_axis_get_map (self->y_axis, lay->ctx.y + lay->ctx.height, -lay->ctx.height, &lay->ctx.ymap);
}

/* Title, plot area, grids, tick labels and frame: what the data go over. */
static void
draw_decor (SsChart *self, cairo_t *cr, const ChartLayout *lay, const SsChartStyle *style)
{
  const SsChartContext *ctx = &lay->ctx;
  SsAxisTicks           ticks;
  int                   tw, th;

  if (self->title != NULL)
    {
      g_autoptr(PangoLayout) bold = chart_text (self, cr, style, TRUE, self->title);

      gdk_cairo_set_source_rgba (cr, &style->fg);
      cairo_move_to (cr, 8, 2);
      pango_cairo_show_layout (cr, bold);
    }

  /* plot area */
  gdk_cairo_set_source_rgba (cr, &style->plot_bg);
  cairo_rectangle (cr, ctx->x, ctx->y, ctx->width, ctx->height);
  cairo_fill (cr);

  cairo_set_line_width (cr, 1.0);

  /* value grid and tick labels, at least a text line apart */
  {
    g_autoptr(PangoLayout) probe = chart_text (self, cr, style, FALSE, "0");

    pango_layout_get_pixel_size (probe, &tw, &th);
  }
  ss_axis_map_ticks (&ctx->ymap, SS_AXIS_VERTICAL, th, &ticks);
  for (guint i = 0; i < ticks.n; i++)
    {
      double           y = round (ss_chart_context_y (ctx, ticks.values[i])) + 0.5;
      g_autofree char *label = ss_axis_map_format_tick (&ctx->ymap, &ticks, ticks.values[i]);
      g_autoptr(PangoLayout) layout = chart_text (self, cr, style, FALSE, label);

      gdk_cairo_set_source_rgba (cr, &style->grid);
      cairo_move_to (cr, ctx->x, y);
      cairo_line_to (cr, ctx->x + ctx->width, y);
      cairo_stroke (cr);
      pango_layout_get_pixel_size (layout, &tw, &th);
      gdk_cairo_set_source_rgba (cr, &style->fg);
      cairo_move_to (cr, ctx->x - 6 - tw, y - th / 2.0);
      pango_cairo_show_layout (cr, layout);
    }

  /* x grid */
  ss_axis_map_ticks (&ctx->xmap, SS_AXIS_HORIZONTAL, th, &ticks);
  for (guint i = 0; i < ticks.n; i++)
    {
      double x = round (ss_chart_context_x (ctx, ticks.values[i])) + 0.5;

      gdk_cairo_set_source_rgba (cr, &style->grid);
      cairo_move_to (cr, x, ctx->y);
      cairo_line_to (cr, x, ctx->y + ctx->height);
      cairo_stroke (cr);
      if (self->show_time_labels)
        {
          g_autofree char *label = ss_axis_map_format_tick (&ctx->xmap, &ticks, ticks.values[i]);
          g_autoptr(PangoLayout) layout = chart_text (self, cr, style, FALSE, label);

          pango_layout_get_pixel_size (layout, &tw, &th);
          gdk_cairo_set_source_rgba (cr, &style->fg);
          cairo_move_to (cr, x - tw / 2.0, ctx->y + ctx->height + 4);
          pango_cairo_show_layout (cr, layout);
        }
    }
  if (self->show_time_labels)
    {
      g_autoptr(PangoLayout) layout = chart_text (self, cr, style, FALSE, ss_axis_get_title (self->x_axis));

      pango_layout_get_pixel_size (layout, &tw, &th);
      gdk_cairo_set_source_rgba (cr, &style->fg);
      cairo_move_to (cr, ctx->x + ctx->width - tw, ctx->y + ctx->height + 4 + th);
      pango_cairo_show_layout (cr, layout);
    }

  /* frame */
  {
    GdkRGBA frame = style->fg;

    frame.alpha = 0.35;
    gdk_cairo_set_source_rgba (cr, &frame);
    cairo_rectangle (cr, round (ctx->x) + 0.5, round (ctx->y) + 0.5, round (ctx->width) - 1, round (ctx->height) - 1);
    cairo_stroke (cr);
  }
}

/* The data, the cursor and the legend (whose values follow the cursor). */
static void
draw_data (SsChart *self, cairo_t *cr, const ChartLayout *lay, const SsChartContext *ctx, const SsChartStyle *style)
{
  SsChartLabels  labels = { 0 };
  SsChartContext pass = *ctx;

  /* the same placement in every pass: a body and its tail join up */
  pass.labels = &labels;
  for (guint i = 0; i < self->layers->len; i++)
    ss_chart_layer_draw (g_ptr_array_index (self->layers, i), cr, &pass);

  if (!isnan (lay->cursor) && lay->cursor >= ctx->t0 && lay->cursor <= ctx->t1)
    {
      double x = round (ss_chart_context_x (ctx, lay->cursor)) + 0.5;

      gdk_cairo_set_source_rgba (cr, &style->cursor);
      cairo_set_line_width (cr, 1.0);
      cairo_move_to (cr, x, ctx->y);
      cairo_line_to (cr, x, ctx->y + ctx->height);
      cairo_stroke (cr);
    }

  draw_legend (self, cr, lay->legend_left, lay->width - MARGIN_RIGHT, 2, lay->cursor, style, TRUE);
}

void
ss_chart_draw (SsChart *self, cairo_t *cr, double width, double height, const SsChartStyle *style)
{
  ChartLayout lay;

  cairo_save (cr);
  chart_layout (self, cr, width, height, style, &lay);
  draw_decor (self, cr, &lay, style);
  draw_data (self, cr, &lay, &lay.ctx, style);
  cairo_restore (cr);
}

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
  key->fg = style->fg;
  key->revision = self->revision;
  key->n_layers = self->layers->len;
  for (guint i = 0; i < self->layers->len; i++)
    key->layer_revisions += ss_chart_layer_get_revision (g_ptr_array_index (self->layers, i));
}

/* The earliest end of the visible layers' data, s: rows can only come after
 * it (+INFINITY: none can come). */
static double
earliest_data_end (SsChart *self)
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

/* Left edge of the pixel column holding time @t, clamped to the plot. */
static double
column_edge (const SsChartContext *ctx, double t)
{
  guint  n_bins = MAX (1, (guint)ceil (ctx->width));
  double column = floor ((t - ctx->t0) / (ctx->t1 - ctx->t0) * n_bins);

  return ctx->x + CLAMP (column, 0, n_bins) * ctx->width / n_bins;
}

/* The screen draws a chart in two render nodes.  The body (all of it, the
 * data only left of a pixel column no row can reach any more) is kept while
 * nothing but appended rows change; the tail right of that column is drawn
 * every frame.  GTK then repaints only the tail: during Play that is a few
 * columns instead of the whole chart.  Both go through draw_decor and
 * draw_data, like exports. */
#define TAIL_LIMIT 48.0 /* px of tail before the body is redrawn */
#define TAIL_SPILL                                      \
  3.0 /* px left of its column that a column's bar, the \
       * ends of its strokes and a band's edge may reach */

static void
ss_chart_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
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
  if (self->measure == NULL)
    {
      cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1, 1);

      self->measure = cairo_create (surface);
      cairo_surface_destroy (surface);
    }
  ss_chart_style_init_for_widget (&style, widget);
  chart_layout (self, self->measure, width, height, &style, &lay);
  body_key_init (self, &lay, &style, &key);
  /* the column of the earliest end may still change, and with it what its
   * drawing spills to the left: the body stops short of that */
  earliest = earliest_data_end (self);
  cut = earliest > lay.ctx.t1 ? width : MAX (lay.ctx.x, column_edge (&lay.ctx, earliest) - TAIL_SPILL);

  /* the legend reads the data at the cursor: rows still to come change it */
  if (self->body == NULL || memcmp (&key, &self->body_key, sizeof key) != 0 || cut - self->body_cut > TAIL_LIMIT ||
      (!isnan (lay.cursor) && lay.cursor >= earliest))
    {
      graphene_rect_t bounds = GRAPHENE_RECT_INIT (0, 0, width, height);

      g_clear_pointer (&self->body, gsk_render_node_unref);
      self->body_key = key;
      self->body_cut = cut;
      self->body = gsk_cairo_node_new (&bounds);
      self->body_renders++;
      /* rasterised by GTK's renderer at the device scale: crisp on HiDPI */
      cr = gsk_cairo_node_get_draw_context (self->body);
      draw_decor (self, cr, &lay, &style);
      cairo_rectangle (cr, 0, 0, self->body_cut, height);
      cairo_clip (cr);
      draw_data (self, cr, &lay, &lay.ctx, &style);
      cairo_destroy (cr);
    }
  gtk_snapshot_append_node (snapshot, self->body);

  if (self->body_cut < width)
    {
      graphene_rect_t tail = GRAPHENE_RECT_INIT (self->body_cut, 0, width - self->body_cut, height);
      SsChartContext  ctx = lay.ctx;

      ctx.x_from = self->body_cut;
      cr = gtk_snapshot_append_cairo (snapshot, &tail);
      cairo_rectangle (cr, tail.origin.x, 0, tail.size.width, height);
      cairo_clip (cr);
      draw_data (self, cr, &lay, &ctx, &style);
      cairo_destroy (cr);
    }
  ss_bench_accumulate (SS_BENCH_PLOT, (g_get_monotonic_time () - start) / 1000.0);
  ss_bench_accumulate (SS_BENCH_FRAME, (g_get_monotonic_time () - start) / 1000.0);
}

/* How often the screen drew a chart's body whole (tests, benchmark). */
guint
ss_chart_get_body_renders (SsChart *self)
{
  return self->body_renders;
}

static double
x_to_time (SsChart *self, double x)
{
  double t0, t1;

  ss_time_axis_get_range (self->time_axis, &t0, &t1);
  if (self->plot_width <= 0)
    return t0;
  return t0 + (x - self->plot_x) / self->plot_width * (t1 - t0);
}

static void
motion_cb (GtkEventControllerMotion *motion, double x, double y, SsChart *self)
{
  double t0, t1, t = x_to_time (self, x);

  (void)motion;
  (void)y;
  ss_time_axis_get_range (self->time_axis, &t0, &t1);
  ss_time_axis_set_cursor (self->time_axis, t >= t0 && t <= t1 ? t : NAN);
}

static void
leave_cb (GtkEventControllerMotion *motion, SsChart *self)
{
  (void)motion;
  ss_time_axis_set_cursor (self->time_axis, NAN);
}

static gboolean
scroll_cb (GtkEventControllerScroll *scroll, double dx, double dy, SsChart *self)
{
  GdkModifierType state = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (scroll));
  double          t0, t1, cursor = ss_time_axis_get_cursor (self->time_axis);

  ss_time_axis_get_range (self->time_axis, &t0, &t1);
  if ((state & GDK_SHIFT_MASK) != 0 || fabs (dx) > fabs (dy))
    {
      double d = fabs (dx) > fabs (dy) ? dx : dy;

      ss_time_axis_pan (self->time_axis, d * 0.1 * (t1 - t0));
      return TRUE;
    }
  if (isnan (cursor))
    cursor = 0.5 * (t0 + t1);
  ss_time_axis_zoom (self->time_axis, cursor, pow (1.25, dy));
  return TRUE;
}

static void
drag_begin_cb (GtkGestureDrag *drag, double x, double y, SsChart *self)
{
  (void)drag;
  (void)x;
  (void)y;
  ss_time_axis_get_range (self->time_axis, &self->drag_lower, &self->drag_upper);
}

static void
drag_update_cb (GtkGestureDrag *drag, double dx, double dy, SsChart *self)
{
  double dt;

  (void)drag;
  (void)dy;
  if (self->plot_width <= 0 || !ss_time_axis_is_zoomed (self->time_axis))
    return;
  dt = -dx / self->plot_width * (self->drag_upper - self->drag_lower);
  ss_time_axis_set_range (self->time_axis, self->drag_lower + dt, self->drag_upper + dt);
}

static void
pressed_cb (GtkGestureClick *click, int n_press, double x, double y, SsChart *self)
{
  (void)click;
  (void)x;
  (void)y;
  if (n_press == 2)
    ss_time_axis_reset_zoom (self->time_axis);
}

static void
ss_chart_measure (GtkWidget     *widget,
                  GtkOrientation orientation,
                  int            for_size,
                  int           *minimum,
                  int           *natural,
                  int           *minimum_baseline,
                  int           *natural_baseline)
{
  SsChart *self = SS_CHART (widget);

  (void)for_size;
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    *minimum = *natural = 320;
  else
    {
      *minimum = self->show_time_labels ? 118 : 86;
      *natural = self->show_time_labels ? 200 : 160;
    }
  *minimum_baseline = *natural_baseline = -1;
}

static void
ss_chart_dispose (GObject *object)
{
  SsChart *self = (SsChart *)object;

  if (self->time_axis != NULL)
    g_signal_handlers_disconnect_by_data (self->time_axis, self);
  g_clear_object (&self->time_axis);
  self->x_axis = NULL;
  if (self->y_axis != NULL)
    g_signal_handlers_disconnect_by_data (self->y_axis, self);
  g_clear_object (&self->y_axis);
  g_clear_pointer (&self->layers, g_ptr_array_unref);
  g_clear_pointer (&self->title, g_free);
  g_clear_pointer (&self->text_cache, g_hash_table_unref);
  g_clear_pointer (&self->measure, cairo_destroy);
  g_clear_pointer (&self->body, gsk_render_node_unref);

  G_OBJECT_CLASS (ss_chart_parent_class)->dispose (object);
}

static void
ss_chart_class_init (SsChartClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = ss_chart_dispose;
  widget_class->snapshot = ss_chart_snapshot;
  widget_class->measure = ss_chart_measure;
  gtk_widget_class_set_css_name (widget_class, "chart");
}

/* a zoom, a pan, a scale: not the extent the layout itself sets */
static void
y_axis_changed_cb (SsChart *self)
{
  if (!self->in_layout)
    gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
ss_chart_init (SsChart *self)
{
  GtkEventController *controller;
  GtkGesture         *gesture;

  self->layers = g_ptr_array_new_with_free_func (g_object_unref);
  self->y_axis = ss_axis_new ();
  g_signal_connect_swapped (self->y_axis, "changed", G_CALLBACK (y_axis_changed_cb), self);
  self->text_cache = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_object_unref);

  controller = gtk_event_controller_motion_new ();
  g_signal_connect (controller, "motion", G_CALLBACK (motion_cb), self);
  g_signal_connect (controller, "leave", G_CALLBACK (leave_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), controller);

  controller = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES);
  g_signal_connect (controller, "scroll", G_CALLBACK (scroll_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), controller);

  gesture = gtk_gesture_drag_new ();
  g_signal_connect (gesture, "drag-begin", G_CALLBACK (drag_begin_cb), self);
  g_signal_connect (gesture, "drag-update", G_CALLBACK (drag_update_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (gesture));

  gesture = gtk_gesture_click_new ();
  g_signal_connect (gesture, "pressed", G_CALLBACK (pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (gesture));

  gtk_widget_set_hexpand (GTK_WIDGET (self), TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (self), TRUE);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self),
                               _("Scroll to zoom the time axis, drag to pan, double-click to show everything"));
}

GtkWidget *
ss_chart_new (SsTimeAxis *time_axis)
{
  SsChart *self = g_object_new (SS_TYPE_CHART, NULL);

  self->time_axis = g_object_ref (time_axis);
  self->x_axis = SS_AXIS (time_axis);
  g_signal_connect_swapped (time_axis, "changed", G_CALLBACK (gtk_widget_queue_draw), self);
  g_signal_connect_swapped (time_axis, "cursor-changed", G_CALLBACK (gtk_widget_queue_draw), self);
  return GTK_WIDGET (self);
}

void
ss_chart_add_layer (SsChart *self, SsChartLayer *layer)
{
  g_ptr_array_add (self->layers, g_object_ref (layer));
  self->revision++;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

GPtrArray *
ss_chart_get_layers (SsChart *self)
{
  return self->layers;
}

void
ss_chart_set_title (SsChart *self, const char *title)
{
  g_free (self->title);
  self->title = g_strdup (title);
  self->revision++;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

const char *
ss_chart_get_title (SsChart *self)
{
  return self->title;
}

void
ss_chart_set_show_time_labels (SsChart *self, gboolean show)
{
  self->show_time_labels = show;
  self->revision++;
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

/* Samples with a value in the chart's visible line layers (tests). */
guint
ss_chart_count_points (SsChart *self)
{
  guint count = 0;

  for (guint i = 0; i < self->layers->len; i++)
    {
      SsChartLayer *layer = g_ptr_array_index (self->layers, i);
      SsSeries     *series;
      SsDataset    *ds;
      const double *v;
      int           col;

      if (!SS_IS_LINE_LAYER (layer) || !ss_chart_layer_get_in_legend (layer))
        continue;
      series = ss_line_layer_get_series (SS_LINE_LAYER (layer));
      if (!ss_series_has_data (series))
        continue;
      ds = ss_series_get_dataset (series);
      col = ss_dataset_find_column (ds, ss_series_get_column (series));
      v = ss_dataset_get_column (ds, col);
      for (guint r = 0; r < ss_dataset_get_n_rows (ds); r++)
        if (isfinite (v[r]))
          count++;
    }
  return count;
}
