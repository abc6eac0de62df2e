/* ss-chart-draw.c - the chart's one drawing path, a cairo_t for screen and
 * every export alike: decor (title, grid, ticks, frame), then the data. */
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

/* The x axis's tick values and its title under the plot. */
static void
draw_x_labels (const ChartPaint     *paint,
               cairo_t              *cr,
               const SsChartContext *ctx,
               const SsAxisTicks    *ticks,
               const SsChartStyle   *style)
{
  const char *title = paint->x_title;
  int         tw, th;

  for (guint i = 0; i < ticks->n; i++)
    {
      double           x = round (ss_chart_context_x (ctx, ticks->values[i])) + 0.5;
      g_autofree char *label = ss_axis_map_format_tick (&ctx->xmap, ticks, ticks->values[i]);
      g_autoptr(PangoLayout) layout = _ss_chart_text (paint->text_cache, cr, style, FALSE, label);

      gdk_cairo_set_source_rgba (cr, &style->fg);
      ss_chart_show_text (cr, layout, x, ctx->y + ctx->height + 4, 0.5);
    }
  if (title != NULL)
    {
      g_autoptr(PangoLayout) layout = _ss_chart_text (paint->text_cache, cr, style, FALSE, title);

      pango_layout_get_pixel_size (layout, &tw, &th);
      gdk_cairo_set_source_rgba (cr, &style->fg);
      ss_chart_show_text (cr, layout, ctx->x + ctx->width, ctx->y + ctx->height + 4 + th, 1.0);
    }
}

/* A grid line; the zero of a characteristic's axes a little stronger. */
static void
grid_line (cairo_t *cr, const SsChartStyle *style, gboolean strong, double x0, double y0, double x1, double y1)
{
  GdkRGBA color = style->grid;

  if (strong)
    color.alpha *= 2.5;
  gdk_cairo_set_source_rgba (cr, &color);
  cairo_move_to (cr, x0, y0);
  cairo_line_to (cr, x1, y1);
  cairo_stroke (cr);
}

/* Title, plot area, grids, tick labels and frame: what the data go over. */
void
_ss_chart_draw_decor (const ChartPaint *paint, cairo_t *cr, const ChartLayout *lay, const SsChartStyle *style)
{
  const SsChartContext *ctx = &lay->ctx;
  gboolean              xy = paint->kind == CHART_XY;
  SsAxisTicks           ticks;
  int                   tw, th;

  th = (int)_ss_chart_text_height (paint->text_cache, cr, style);
  if (paint->kind == CHART_RULER)
    {
      ss_axis_map_ticks (&ctx->xmap, SS_AXIS_HORIZONTAL, th, &ticks);
      draw_x_labels (paint, cr, ctx, &ticks, style);
      return;
    }

  if (paint->title != NULL)
    {
      g_autoptr(PangoLayout) bold = _ss_chart_text (paint->text_cache, cr, style, TRUE, paint->title);

      gdk_cairo_set_source_rgba (cr, &style->fg);
      ss_chart_show_text (cr, bold, 8, 2, 0);
    }

  /* plot area */
  gdk_cairo_set_source_rgba (cr, &style->plot_bg);
  cairo_rectangle (cr, ctx->x, ctx->y, ctx->width, ctx->height);
  cairo_fill (cr);

  cairo_set_line_width (cr, 1.0);

  /* value grid and tick labels, at least a text line apart */
  ss_axis_map_ticks (&ctx->ymap, SS_AXIS_VERTICAL, th, &ticks);
  for (guint i = 0; i < ticks.n; i++)
    {
      double           y = round (ss_chart_context_y (ctx, ticks.values[i])) + 0.5;
      g_autofree char *label = ss_axis_map_format_tick (&ctx->ymap, &ticks, ticks.values[i]);
      g_autoptr(PangoLayout) layout = _ss_chart_text (paint->text_cache, cr, style, FALSE, label);

      grid_line (cr, style, xy && ticks.values[i] == 0, ctx->x, y, ctx->x + ctx->width, y);
      pango_layout_get_pixel_size (layout, &tw, &th);
      gdk_cairo_set_source_rgba (cr, &style->fg);
      ss_chart_show_text (cr, layout, ctx->x - 6, y - th / 2.0, 1.0);
    }

  /* x grid */
  ss_axis_map_ticks (&ctx->xmap, SS_AXIS_HORIZONTAL, th, &ticks);
  for (guint i = 0; i < ticks.n; i++)
    {
      double x = round (ss_chart_context_x (ctx, ticks.values[i])) + 0.5;

      grid_line (cr, style, xy && ticks.values[i] == 0, x, ctx->y, x, ctx->y + ctx->height);
    }
  if (paint->show_time_labels)
    draw_x_labels (paint, cr, ctx, &ticks, style);

  /* frame */
  {
    GdkRGBA frame = style->fg;

    frame.alpha = 0.35;
    gdk_cairo_set_source_rgba (cr, &frame);
    cairo_rectangle (cr, round (ctx->x) + 0.5, round (ctx->y) + 0.5, round (ctx->width) - 1, round (ctx->height) - 1);
    cairo_stroke (cr);
  }
}

/* A vertical line across the plot at time @t, if shown. */
static void
time_line (cairo_t *cr, const SsChartContext *ctx, double t, const GdkRGBA *color, double width)
{
  double x;

  if (isnan (t) || t < ctx->t0 || t > ctx->t1)
    return;
  x = round (ss_chart_context_x (ctx, t)) + 0.5;
  gdk_cairo_set_source_rgba (cr, color);
  cairo_set_line_width (cr, width);
  cairo_move_to (cr, x, ctx->y);
  cairo_line_to (cr, x, ctx->y + ctx->height);
  cairo_stroke (cr);
}

/* The data and the hover cursor's line. */
void
_ss_chart_draw_data (
    const ChartPaint *paint, cairo_t *cr, const ChartLayout *lay, const SsChartContext *ctx, const SsChartStyle *style)
{
  SsChartLabels  labels = { 0 };
  SsChartContext pass = *ctx;

  if (paint->kind == CHART_RULER)
    return;
  /* the same placement in every pass: a body and its tail join up */
  pass.labels = &labels;
  _ss_chart_plan_gutter (paint->layers, cr, ctx, &labels);
  for (guint i = 0; i < paint->layers->len; i++)
    if (!_ss_chart_is_hidden (style, g_ptr_array_index (paint->layers, i)) &&
        !(style->blank != NULL && g_ptr_array_find (style->blank, g_ptr_array_index (paint->layers, i), NULL)))
      ss_chart_layer_draw (g_ptr_array_index (paint->layers, i), cr, &pass);

  /* the playhead's line is drawn over the kept body, in the snapshot: it
   * moves every frame of Play while the curves stay */
  _ss_chart_draw_hover (cr, lay, style);
}

/* The hover cursor's line across the plot (a chart against time). */
void
_ss_chart_draw_hover (cairo_t *cr, const ChartLayout *lay, const SsChartStyle *style)
{
  if (lay->ctx.time_x)
    time_line (cr, &lay->ctx, lay->hover, &style->cursor, 1.0);
}

/* The legend over the data (its values follow the cursor), main thread. */
void
_ss_chart_draw_legend_in (SsChart *self, cairo_t *cr, const ChartLayout *lay, const SsChartStyle *style)
{
  if (self->kind == CHART_RULER)
    return;
  _ss_chart_draw_legend (self, cr, lay->legend_left, lay->legend_right, 2, lay->cursor, style, TRUE);
}

void
ss_chart_draw (SsChart *self, cairo_t *cr, double width, double height, const SsChartStyle *style)
{
  ChartLayout lay;
  ChartPaint  paint;

  cairo_save (cr);
  _ss_chart_layout (self, cr, width, height, style, &lay);
  _ss_chart_paint_init (self, &paint);
  _ss_chart_draw_decor (&paint, cr, &lay, style);
  _ss_chart_draw_data (&paint, cr, &lay, &lay.ctx, style);
  _ss_chart_paint_clear (&paint);
  _ss_chart_draw_legend_in (self, cr, &lay, style);
  if (style->drawn != NULL)
    {
      SsChartDrawn drawn = { .ctx = lay.ctx };

      drawn.ctx.labels = NULL;
      cairo_get_matrix (cr, &drawn.matrix);
      g_array_append_val (style->drawn, drawn);
    }
  cairo_restore (cr);
}

/* The layout an export of @width x @height would draw (pixel positions of
 * values, the time window): for tests and for picking on a copy. */
void
ss_chart_get_layout (SsChart *self, double width, double height, SsChartContext *ctx)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1, 1);
  cairo_t         *cr = cairo_create (surface);
  SsChartStyle     style;
  ChartLayout      lay;

  ss_chart_style_init_for_export (&style);
  _ss_chart_layout (self, cr, width, height, &style, &lay);
  *ctx = lay.ctx;
  ctx->labels = NULL;
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}
