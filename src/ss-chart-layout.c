/* ss-chart-layout.c - where a chart's parts go before anything is drawn:
 * the legend's rows and the rooms its entries keep, the layers' ranges
 * and the axes' autoscale, and the margins (the gutter's width with
 * them).  The text it measures is laid out by the hub (_ss_chart_text). */
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

static double
sample_reserve (SsChart *self, cairo_t *cr, const SsChartStyle *style, SsChartLayer *layer)
{
  double t0, t1;

  ss_axis_get_extent (SS_AXIS (self->time_axis), &t0, &t1);
  return _ss_chart_sample_reserve (layer, t0, t1, cr, style);
}

static gboolean reserve_resize_cb (gpointer data);

/* @layer's room sampled again, @width wide for its present data: it only
 * grows (and the chart with it). */
void
_ss_chart_reserve_sampled (SsChart *self, SsChartLayer *layer, double width)
{
  LegendReserve *reserve = g_hash_table_lookup (self->legend_reserve, layer);

  if (reserve == NULL)
    return;
  reserve->revision = ss_chart_layer_get_revision (layer);
  reserve->complete = ss_chart_layer_get_data_complete (layer);
  if (width > reserve->width)
    {
      reserve->width = width;
      self->legend_revision++;
      /* not from the snapshot that took the image */
      if (self->reserve_idle == 0)
        self->reserve_idle = g_idle_add (reserve_resize_cb, self);
    }
}

static gboolean
reserve_resize_cb (gpointer data)
{
  SsChart *self = data;

  self->reserve_idle = 0;
  gtk_widget_queue_resize (GTK_WIDGET (self));
  return G_SOURCE_REMOVE;
}

/* Layers given other data: sampled again when the main loop is idle (a
 * drag's previews come faster than a thousand readouts per entry), the
 * room only growing. */
static gboolean
resample_cb (gpointer data)
{
  SsChart       *self = data;
  GHashTableIter iter;
  gpointer       key, value;
  gboolean       grew = FALSE;
  SsChartStyle   style;

  self->resample_idle = 0;
  ss_chart_style_init_for_widget (&style, GTK_WIDGET (self));
  _ss_chart_ensure_measure (self);
  g_hash_table_iter_init (&iter, self->legend_reserve);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      SsChartLayer  *layer = key;
      LegendReserve *reserve = value;
      double         width;

      if (reserve->revision == ss_chart_layer_get_revision (layer) &&
          reserve->complete == ss_chart_layer_get_data_complete (layer))
        continue;
      /* the render thread samples it with the body it draws */
      if (self->job_reserve != NULL && g_ptr_array_find (self->job_reserve, layer, NULL))
        continue;
      reserve->revision = ss_chart_layer_get_revision (layer);
      reserve->complete = ss_chart_layer_get_data_complete (layer);
      width = sample_reserve (self, self->measure, &style, layer);
      if (width > reserve->width)
        {
          reserve->width = width;
          self->legend_revision++;
          grew = TRUE;
        }
    }
  if (grew)
    gtk_widget_queue_resize (GTK_WIDGET (self));
  return G_SOURCE_REMOVE;
}

static double
legend_reserve (SsChart *self, cairo_t *cr, const SsChartStyle *style, SsChartLayer *layer)
{
  LegendReserve *reserve = g_hash_table_lookup (self->legend_reserve, layer);

  if (reserve == NULL)
    {
      reserve = g_new0 (LegendReserve, 1);
      reserve->revision = ss_chart_layer_get_revision (layer);
      reserve->complete = ss_chart_layer_get_data_complete (layer);
      reserve->width = sample_reserve (self, cr, style, layer);
      g_hash_table_insert (self->legend_reserve, layer, reserve);
      self->legend_revision++;
    }
  else if ((reserve->revision != ss_chart_layer_get_revision (layer) ||
            reserve->complete != ss_chart_layer_get_data_complete (layer)) &&
           self->resample_idle == 0)
    self->resample_idle = g_idle_add_full (G_PRIORITY_LOW, resample_cb, self, NULL);
  return reserve->width;
}

/* A readout wider than its entry's room: the room grows (once). */
static void
grow_reserve (SsChart *self, SsChartLayer *layer, double width)
{
  LegendReserve *reserve = g_hash_table_lookup (self->legend_reserve, layer);

  if (reserve == NULL || width <= reserve->width)
    return;
  reserve->width = width;
  self->legend_revision++;
  if (self->reserve_idle == 0)
    self->reserve_idle = g_idle_add (reserve_resize_cb, self);
}

/* Lays the legend out: the entries in their order, left to right and top
 * to bottom, each row flush right; the first row beside the title while
 * the first entry fits there, the rows under the title as wide as the
 * chart.  On screen an entry keeps its widest readout's room and a layer
 * the user hid keeps its entry, dimmed; their places are kept for clicks.
 * Returns the legend's height. */
double
_ss_chart_draw_legend (SsChart            *self,
                       cairo_t            *cr,
                       double              left,
                       double              right,
                       double              top,
                       double              cursor,
                       const SsChartStyle *style,
                       gboolean            draw)
{
  const double gap = 14, full_left = 8;
  double       row_height = 0, y = top, x = 0, row_left = left;
  int          rows = 0;
  GPtrArray   *entries = style->legend != NULL ? style->legend : self->layers;
  g_autoptr(GPtrArray) shown = g_ptr_array_new ();
  g_autoptr(GPtrArray) layouts = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GArray) widths = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) row_of = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr(GArray) row_width = g_array_new (FALSE, FALSE, sizeof (double));

  if (self->record_legend)
    g_array_set_size (self->legend_boxes, 0);
  for (guint i = 0; i < entries->len; i++)
    {
      SsChartLayer    *layer = g_ptr_array_index (entries, i);
      g_autofree char *text = NULL;
      PangoLayout     *layout;
      int              tw, th;
      double           room;

      /* a legend given is shown as given; an export leaves out what the
       * user hid */
      if ((style->legend == NULL && !ss_chart_layer_get_in_legend (layer)) || !ss_chart_layer_get_visible (layer) ||
          ss_chart_layer_get_title (layer) == NULL || _ss_chart_is_hidden (style, layer) ||
          (style->for_export && ss_chart_layer_get_hidden (layer)))
        continue;
      text = _ss_chart_legend_text (layer, cursor);
      layout = _ss_chart_text (self->text_cache, cr, style, FALSE, text);
      pango_layout_get_pixel_size (layout, &tw, &th);
      row_height = MAX (row_height, th);
      room = tw;
      if (!style->for_export && style->legend == NULL)
        {
          room = MAX (room, legend_reserve (self, cr, style, layer));
          if (tw > room - 0.5)
            grow_reserve (self, layer, tw);
        }
      g_ptr_array_add (shown, layer);
      g_ptr_array_add (layouts, layout);
      room += SWATCH_WIDTH + 5;
      g_array_append_val (widths, room);
    }
  if (shown->len == 0)
    return 4;

  /* rows, in order */
  for (guint i = 0; i < shown->len; i++)
    {
      double w = g_array_index (widths, double, i);

      if (rows == 0)
        {
          rows = 1;
          x = 0;
          /* too wide for the row beside the title (a narrow chart): under it */
          if (right - w < left)
            {
              rows = 2;
              row_left = full_left;
            }
          g_array_append_val (row_width, x);
          if (rows == 2)
            g_array_append_val (row_width, x);
        }
      else if (x + gap + w > right - row_left)
        {
          rows++;
          x = 0;
          row_left = full_left;
          g_array_append_val (row_width, x);
        }
      x += (x > 0 ? gap : 0) + w;
      g_array_index (row_width, double, rows - 1) = x;
      g_array_append_val (row_of, rows);
    }

  /* each row flush right, its entries left to right */
  x = -1;
  for (guint i = 0, row = 0; i < shown->len; i++)
    {
      SsChartLayer *layer = g_ptr_array_index (shown, i);
      PangoLayout  *layout = g_ptr_array_index (layouts, i);
      double        w = g_array_index (widths, double, i);
      gboolean      hidden = ss_chart_layer_get_hidden (layer);

      if ((guint)g_array_index (row_of, int, i) != row)
        {
          row = g_array_index (row_of, int, i);
          x = right - g_array_index (row_width, double, row - 1);
        }
      y = top + (row - 1) * (row_height + 2);
      if (self->record_legend)
        {
          LegendBox box = { layer, x - gap / 2, y - 1, w + gap, row_height + 2 };

          g_array_append_val (self->legend_boxes, box);
        }
      if (draw)
        {
          GdkRGBA fg = style->fg;

          if (hidden)
            {
              cairo_push_group (cr);
              fg.alpha *= 0.45;
            }
          ss_chart_layer_draw_swatch (layer, cr, x, y + 1, SWATCH_WIDTH, row_height - 2);
          if (hidden)
            {
              cairo_pop_group_to_source (cr);
              cairo_paint_with_alpha (cr, 0.3);
            }
          gdk_cairo_set_source_rgba (cr, &fg);
          ss_chart_show_text (cr, layout, x + SWATCH_WIDTH + 5, y, 0);
        }
      x += w + gap;
    }
  return rows * (row_height + 2) + 4;
}

/* The legend over the data (its values follow the cursor), main thread. */
void
_ss_chart_draw_legend_in (SsChart *self, cairo_t *cr, const ChartLayout *lay, const SsChartStyle *style)
{
  if (self->kind == CHART_RULER)
    return;
  _ss_chart_draw_legend (self, cr, lay->legend_left, lay->legend_right, 2, lay->cursor, style, TRUE);
}

/* Value range of every layer over [t0, t1] at n_bins columns; FALSE when
 * no layer has data there. */
static gboolean
layers_y_range (SsChart *self, const SsChartStyle *style, double t0, double t1, guint n_bins, double *min, double *max)
{
  double lo = INFINITY, hi = -INFINITY;

  for (guint i = 0; i < self->layers->len; i++)
    {
      SsChartLayer *layer = g_ptr_array_index (self->layers, i);
      double        a, b;

      if (!_ss_chart_is_hidden (style, layer) && ss_chart_layer_get_y_range (layer, t0, t1, n_bins, &a, &b))
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

/* The range of |value| of every layer over [t0, t1] on a log value axis:
 * the lines' nonzero magnitudes, and the other layers' positive values;
 * @min and @max are left alone when there is none. */
static gboolean
layers_magnitude_range (
    SsChart *self, const SsChartStyle *style, double t0, double t1, guint n_bins, double *min, double *max)
{
  double lo = INFINITY, hi = 0;

  for (guint i = 0; i < self->layers->len; i++)
    {
      SsChartLayer *layer = g_ptr_array_index (self->layers, i);
      double        a, b;

      if (_ss_chart_is_hidden (style, layer) || !ss_chart_layer_get_y_range (layer, t0, t1, n_bins, &a, &b))
        continue;
      if (SS_IS_LINE_LAYER (layer))
        {
          if (!ss_line_layer_get_magnitude_range (SS_LINE_LAYER (layer), t0, t1, n_bins, &a, &b))
            continue;
        }
      else if (!(a > 0))
        continue;
      lo = MIN (lo, a);
      hi = MAX (hi, b);
    }
  if (!(hi > 0) || !isfinite (lo))
    return FALSE;
  *min = lo;
  *max = hi;
  return TRUE;
}

/* The x values of every layer over [t0, t1] (charts not against time). */
static gboolean
layers_x_range (SsChart *self, const SsChartStyle *style, double t0, double t1, double *min, double *max)
{
  double lo = INFINITY, hi = -INFINITY;

  for (guint i = 0; i < self->layers->len; i++)
    {
      SsChartLayer *layer = g_ptr_array_index (self->layers, i);
      double        a, b;

      if (!_ss_chart_is_hidden (style, layer) && ss_chart_layer_get_x_range (layer, t0, t1, &a, &b))
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
  return layers_y_range (self, NULL, t0, t1, MAX (1, (guint)ceil (self->plot_width)), min, max);
}

/* Room around [lo, hi] drawn @length px long: 7 % of the span each side,
 * and at least MIN_PAD px, so no curve lies on the frame; a flat range
 * gets a tenth of its magnitude.  On a log scale, in decades. */
static void
autoscale (double *lo, double *hi, double length, gboolean log_scale)
{
  double a = log_scale ? log10 (*lo) : *lo, b = log_scale ? log10 (*hi) : *hi;
  double span = b - a;
  double mag = MAX (fabs (a), fabs (b));
  double frac = 0.07;

  if (log_scale ? span < 1e-9 : (span <= mag * 1e-9 || span == 0))
    {
      double pad = log_scale ? 0.1 : (mag > 0 ? mag * 0.1 : 1.0);

      a -= pad;
      b += pad;
    }
  else
    {
      if (length > 4 * MIN_PAD)
        frac = MAX (frac, MIN_PAD / (length - 2 * MIN_PAD));
      a -= span * frac;
      b += span * frac;
    }
  *lo = log_scale ? pow (10.0, a) : a;
  *hi = log_scale ? pow (10.0, b) : b;
}

/* A context to lay text out on before anything is drawn. */
void
_ss_chart_ensure_measure (SsChart *self)
{
  if (self->measure == NULL)
    {
      cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1, 1);

      self->measure = cairo_create (surface);
      cairo_surface_destroy (surface);
    }
}

/* Width the layers draw right of the plot (level labels), user units. */
static double
gutter_width (SsChart *self, cairo_t *cr)
{
  double gutter = 0;

  for (guint i = 0; i < self->layers->len; i++)
    {
      double y, w, h;

      if (ss_chart_layer_get_gutter_label (g_ptr_array_index (self->layers, i), cr, NULL, &y, &w, &h))
        gutter = MAX (gutter, w);
    }
  return gutter;
}

void
_ss_chart_own_margins (SsChart *self, cairo_t *cr, double *left, double *right)
{
  double gutter = gutter_width (self, cr);

  *left = MARGIN_LEFT;
  *right = gutter > 0 ? MAX (MARGIN_RIGHT, SS_CHART_GUTTER_GAP + gutter + 4) : MARGIN_RIGHT;
}

void
_ss_chart_plot_margins (SsChart *self, cairo_t *cr, double *left, double *right)
{
  _ss_chart_own_margins (self, cr, left, right);
  if (self->margin_left >= 0)
    *left = self->margin_left;
  if (self->margin_right >= 0)
    *right = self->margin_right;
}

/* A log value axis shows only positive values. */
static gboolean
wants_log (SsAxis *axis, double lo)
{
  return ss_axis_get_scale (axis) == SS_AXIS_SCALE_LOG && lo > 0;
}

/* Sets an axis's extent from the layout without calling for a redraw. */
static void
layout_extent (SsChart *self, SsAxis *axis, double lo, double hi)
{
  self->in_layout = TRUE;
  ss_axis_set_extent (axis, lo, hi);
  self->in_layout = FALSE;
}

void
_ss_chart_layout (SsChart *self, cairo_t *cr, double width, double height, const SsChartStyle *style, ChartLayout *lay)
{
  double t0, t1, lo, hi, legend_height = 0, left, right;
  double bottom = 8; /* text rows under the plot */
  guint  n_bins;     /* one per pixel column */
  int    title_width = 0;

  memset (lay, 0, sizeof *lay);
  ss_time_axis_get_range (self->time_axis, &t0, &t1);
  lay->width = width;
  lay->height = height;
  lay->hover = style->show_cursor ? ss_time_axis_get_cursor (self->time_axis) : NAN;
  /* the readout follows the hover cursor, else a resting playhead */
  lay->cursor = lay->hover;
  if (isnan (lay->cursor) && style->show_cursor && ss_time_axis_get_readout_at_playhead (self->time_axis))
    lay->cursor = ss_time_axis_get_playhead (self->time_axis);
  _ss_chart_plot_margins (self, cr, &left, &right);
  if (self->title != NULL && self->kind != CHART_RULER)
    {
      g_autofree char *title = _ss_chart_shown_title (self);
      g_autoptr(PangoLayout) bold = _ss_chart_text (self->text_cache, cr, style, TRUE, title);
      int th;

      pango_layout_get_pixel_size (bold, &title_width, &th);
    }
  if (self->show_time_labels)
    /* two text rows under the plot: tick values, then the axis title */
    bottom = 4 + 2 * _ss_chart_text_height (self->text_cache, cr, style) + 4;
  lay->legend_left = 8 + title_width + 24;
  lay->legend_right = width - right;
  if (self->kind != CHART_RULER)
    {
      /* the screen's layout: where its legend's entries are, for clicks */
      self->record_legend = !style->for_export;
      legend_height =
          _ss_chart_draw_legend (self, cr, lay->legend_left, lay->legend_right, 2, lay->cursor, style, FALSE);
      self->record_legend = FALSE;
    }

  lay->ctx.x = left;
  lay->ctx.y = legend_height + 2;
  lay->ctx.width = MAX (10, width - left - right);
  lay->ctx.height = MAX (10, height - lay->ctx.y - bottom);
  if (self->kind == CHART_RULER)
    {
      /* no plot: the labels start at the top */
      lay->ctx.y = -4;
      lay->ctx.height = 0;
    }
  lay->ctx.t0 = t0;
  lay->ctx.t1 = t1;
  lay->ctx.time_x = self->kind != CHART_XY;
  lay->ctx.cursor = lay->cursor;
  lay->ctx.playhead = ss_time_axis_get_playhead (self->time_axis);
  lay->ctx.line_scale = style->line_scale;
  lay->ctx.fg = style->fg;
  lay->ctx.for_export = style->for_export;
  lay->ctx.x_from = -INFINITY;
  if (!style->for_export)
    {
      self->plot_x = lay->ctx.x;
      self->plot_width = lay->ctx.width;
    }

  if (self->kind == CHART_XY)
    {
      if (!layers_x_range (self, style, t0, t1, &lo, &hi))
        {
          lo = -1;
          hi = 1;
        }
      if (!self->tight || !(hi > lo))
        autoscale (&lo, &hi, lay->ctx.width, wants_log (self->x_axis, lo));
      layout_extent (self, self->x_axis, lo, hi);
    }
  ss_axis_get_map (self->x_axis, lay->ctx.x, lay->ctx.width, &lay->ctx.xmap);
  if (self->kind == CHART_RULER)
    return;

  n_bins = MAX (1, (guint)ceil (lay->ctx.width));
  if (!layers_y_range (self, style, t0, t1, n_bins, &lo, &hi))
    {
      lo = -1;
      hi = 1;
    }
  /* a log scale over values of either sign: their magnitudes */
  if (self->kind == CHART_TIME && ss_axis_get_scale (self->y_axis) == SS_AXIS_SCALE_LOG && !(lo > 0))
    layers_magnitude_range (self, style, t0, t1, n_bins, &lo, &hi);
  if (!self->tight || !(hi > lo))
    autoscale (&lo, &hi, lay->ctx.height, wants_log (self->y_axis, lo));
  /* the value axis follows the data until the user zooms it */
  layout_extent (self, self->y_axis, lo, hi);
  ss_axis_get_map (self->y_axis, lay->ctx.y + lay->ctx.height, -lay->ctx.height, &lay->ctx.ymap);
  if (!style->for_export)
    self->screen = lay->ctx;
}
