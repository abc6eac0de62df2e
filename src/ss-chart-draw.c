/* ss-chart-draw.c - the chart's one drawing path, a cairo_t for screen and
 * every export alike: decor (title, grid, ticks, frame), then the data,
 * the gutter's labels placed before each pass. */
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

static int
compare_doubles (gconstpointer a, gconstpointer b, gpointer data)
{
  const double *y = data;
  double        ya = y[*(const guint *)a], yb = y[*(const guint *)b];

  return ya < yb ? -1 : ya > yb;
}

/* Lays the gutter's labels out before a pass: each as near to its y as
 * the others allow, in the order of their y, within the plot's height
 * while they fit; the layers take their places in drawing order. */
void
_ss_chart_plan_gutter (GPtrArray *layers, cairo_t *cr, const SsChartContext *ctx, SsChartLabels *labels)
{
  const double gap = 1;
  double       y[G_N_ELEMENTS (labels->box)], h[G_N_ELEMENTS (labels->box)];
  guint        order[G_N_ELEMENTS (labels->box)], n = 0;
  double       top = ctx->y, bottom = ctx->y + ctx->height;

  for (guint i = 0; i < layers->len && n < G_N_ELEMENTS (labels->box); i++)
    {
      double w;

      if (ss_chart_layer_get_gutter_label (g_ptr_array_index (layers, i), cr, ctx, &y[n], &w, &h[n]))
        {
          labels->box[n].x = ctx->x + ctx->width + SS_CHART_GUTTER_GAP;
          labels->box[n].width = w;
          labels->box[n].height = h[n];
          order[n] = n;
          n++;
        }
    }
  if (n == 0)
    return;
  g_qsort_with_data (order, n, sizeof order[0], compare_doubles, y);
  /* downwards past each other, then back up from the bottom, then down
   * from the top again: in order, apart, inside while they fit */
  for (guint k = 0; k < n; k++)
    {
      guint  i = order[k];
      double t = CLAMP (y[i] - h[i] / 2, top, MAX (top, bottom - h[i]));

      if (k > 0)
        t = MAX (t, labels->box[order[k - 1]].y + h[order[k - 1]] + gap);
      labels->box[i].y = t;
    }
  for (guint k = n; k-- > 0;)
    {
      guint  i = order[k];
      double limit = k + 1 < n ? labels->box[order[k + 1]].y - gap : bottom;

      labels->box[i].y = MIN (labels->box[i].y, limit - h[i]);
    }
  for (guint k = 0; k < n; k++)
    {
      guint i = order[k];

      if (k == 0)
        labels->box[i].y = MAX (labels->box[i].y, top);
      else
        labels->box[i].y = MAX (labels->box[i].y, labels->box[order[k - 1]].y + h[order[k - 1]] + gap);
    }
  labels->n_planned = n;
  labels->n = 0;
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
