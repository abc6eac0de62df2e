/* ss-chart.c */
#define G_LOG_DOMAIN "ss-chart"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>
#include <pango/pangocairo.h>

#include "ss-bench.h"
#include "ss-chart.h"
#include "ss-chart-text.h"
#include "ss-line-layer.h"
#include "ss-span-layer.h"
#include "ss-units.h"
#include "ss-xy-layer.h"

#define MARGIN_LEFT  58.0
#define MARGIN_RIGHT 14.0
#define SWATCH_WIDTH 18.0
#define PICK_RADIUS  24.0 /* px from a point a pointer still picks it */
#define MIN_PAD      6.0  /* px at least between the data and the frame */

typedef enum
{
  CHART_TIME,  /* layers against the shared time axis */
  CHART_XY,    /* a column against a column over the time window */
  CHART_RULER, /* the time axis's labels alone, under a stack */
} ChartKind;

/* Everything the cached body depends on except rows appended to the data;
 * compared bytewise, so built on zeroed memory. */
typedef struct
{
  double  width;
  double  height;
  double  x0, x1; /* the axes' ranges as drawn */
  double  y0, y1;
  int     x_scale, y_scale;
  double  cursor;   /* s, NaN included */
  double  hover;    /* s, NaN included */
  double  playhead; /* s, NaN included */
  double  data_end; /* s; a chart not against time redraws on new rows */
  GdkRGBA fg;
  guint   revision; /* the chart's own: title, layers, labels */
  guint   n_layers;
  guint64 layer_revisions; /* sum over the layers; each only grows */
} BodyKey;

typedef enum
{
  DRAG_PAN,    /* in the plot: moves zoomed axes */
  DRAG_ZOOM_Y, /* on the value axis: up zooms in */
} DragMode;

struct _SsChart
{
  GtkWidget   parent_instance;
  ChartKind   kind;
  SsTimeAxis *time_axis; /* window, cursor and playhead */
  SsAxis     *x_axis;    /* the time axis, or a value axis of its own */
  SsAxis     *y_axis;    /* the chart's own value axis */
  gboolean    in_layout; /* the layout sets the axes' extents */
  GPtrArray  *layers;
  char       *title; /* value axis label, with unit */
  gboolean    show_time_labels;
  gboolean    tight;       /* a characteristic's axes end at its data, unpadded */
  double      margin_left; /* forced plot margins, user units; < 0: own */
  double      margin_right;
  /* the last on-screen layout, for the pointer */
  SsChartContext screen;
  double         plot_x;
  double         plot_width;
  double         pointer_x;
  double         pointer_y;
  /* a drag: its kind, where it started and the ranges then */
  DragMode    drag_mode;
  gboolean    dragged;
  double      drag_lower; /* time */
  double      drag_upper;
  double      drag_x0, drag_x1, drag_y0, drag_y1;
  double      drag_center; /* value under the press (zooming values) */
  GtkWidget  *menu;        /* context menu, a GtkPopoverMenu */
  GMenuModel *extra_menu;  /* the owner's entries in it */
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

enum
{
  PROP_0,
  PROP_LOG_SCALE,
  N_PROPS
};

enum
{
  TIME_CLICKED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint       signals[N_SIGNALS];

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
  style->legend = NULL;
  style->hidden = NULL;
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
  style->legend = NULL;
  style->hidden = NULL;
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

/* A layer the style leaves out (an export without the overlaid runs). */
static gboolean
is_hidden (const SsChartStyle *style, SsChartLayer *layer)
{
  return style != NULL && style->hidden != NULL && g_ptr_array_find (style->hidden, layer, NULL);
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
  double     x = right, y = top, row_height = 0, gap = 14;
  int        rows = 0;
  GPtrArray *entries = style->legend != NULL ? style->legend : self->layers;

  for (guint i = 0; i < entries->len; i++)
    {
      SsChartLayer    *layer = g_ptr_array_index (entries, i);
      g_autofree char *text = NULL;
      g_autoptr(PangoLayout) layout = NULL;
      int    tw, th;
      double entry;

      /* a legend given is shown as given */
      if ((style->legend == NULL && !ss_chart_layer_get_in_legend (layer)) || !ss_chart_layer_get_visible (layer) ||
          ss_chart_layer_get_title (layer) == NULL || is_hidden (style, layer))
        continue;
      text = legend_text (layer, cursor);
      layout = chart_text (self, cr, style, FALSE, text);
      pango_layout_get_pixel_size (layout, &tw, &th);
      row_height = MAX (row_height, th);
      entry = SWATCH_WIDTH + 5 + tw;
      if (rows == 0)
        {
          rows = 1;
          /* too wide for the row beside the title (a narrow figure): under it */
          if (x - entry < left)
            {
              rows = 2;
              y += th + 2;
            }
        }
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
          ss_chart_show_text (cr, layout, x - tw, y, 0);
        }
      x -= entry + gap;
    }
  return rows * (row_height + 2) + 4;
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

      if (!is_hidden (style, layer) && ss_chart_layer_get_y_range (layer, t0, t1, n_bins, &a, &b))
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

/* The x values of every layer over [t0, t1] (charts not against time). */
static gboolean
layers_x_range (SsChart *self, const SsChartStyle *style, double t0, double t1, double *min, double *max)
{
  double lo = INFINITY, hi = -INFINITY;

  for (guint i = 0; i < self->layers->len; i++)
    {
      SsChartLayer *layer = g_ptr_array_index (self->layers, i);
      double        a, b;

      if (!is_hidden (style, layer) && ss_chart_layer_get_x_range (layer, t0, t1, &a, &b))
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

/* Where a chart's parts go, worked out once per draw. */
typedef struct
{
  SsChartContext ctx;
  double         width; /* user units */
  double         height;
  double         legend_left;
  double         legend_right;
  double         cursor; /* the legend's values are read here, s; NaN: none */
  double         hover;  /* the hover cursor's line, s; NaN: none */
} ChartLayout;

static double
text_height (SsChart *self, cairo_t *cr, const SsChartStyle *style)
{
  g_autoptr(PangoLayout) probe = chart_text (self, cr, style, FALSE, "0");
  int tw, th;

  pango_layout_get_pixel_size (probe, &tw, &th);
  return th;
}

/* A context to lay text out on before anything is drawn. */
static void
ensure_measure (SsChart *self)
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
static void
plan_gutter (SsChart *self, cairo_t *cr, const SsChartContext *ctx, SsChartLabels *labels)
{
  const double gap = 1;
  double       y[G_N_ELEMENTS (labels->box)], h[G_N_ELEMENTS (labels->box)];
  guint        order[G_N_ELEMENTS (labels->box)], n = 0;
  double       top = ctx->y, bottom = ctx->y + ctx->height;

  for (guint i = 0; i < self->layers->len && n < G_N_ELEMENTS (labels->box); i++)
    {
      double w;

      if (ss_chart_layer_get_gutter_label (g_ptr_array_index (self->layers, i), cr, ctx, &y[n], &w, &h[n]))
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

static void
own_margins (SsChart *self, cairo_t *cr, double *left, double *right)
{
  double gutter = gutter_width (self, cr);

  *left = MARGIN_LEFT;
  *right = gutter > 0 ? MAX (MARGIN_RIGHT, SS_CHART_GUTTER_GAP + gutter + 4) : MARGIN_RIGHT;
}

static void
plot_margins (SsChart *self, cairo_t *cr, double *left, double *right)
{
  own_margins (self, cr, left, right);
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

static void
chart_layout (SsChart *self, cairo_t *cr, double width, double height, const SsChartStyle *style, ChartLayout *lay)
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
  plot_margins (self, cr, &left, &right);
  if (self->title != NULL && self->kind != CHART_RULER)
    {
      g_autoptr(PangoLayout) bold = chart_text (self, cr, style, TRUE, self->title);
      int th;

      pango_layout_get_pixel_size (bold, &title_width, &th);
    }
  if (self->show_time_labels)
    /* two text rows under the plot: tick values, then the axis title */
    bottom = 4 + 2 * text_height (self, cr, style) + 4;
  lay->legend_left = 8 + title_width + 24;
  lay->legend_right = width - right;
  if (self->kind != CHART_RULER)
    legend_height = draw_legend (self, cr, lay->legend_left, lay->legend_right, 2, lay->cursor, style, FALSE);

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
  if (!self->tight || !(hi > lo))
    autoscale (&lo, &hi, lay->ctx.height, wants_log (self->y_axis, lo));
  /* the value axis follows the data until the user zooms it */
  layout_extent (self, self->y_axis, lo, hi);
  ss_axis_get_map (self->y_axis, lay->ctx.y + lay->ctx.height, -lay->ctx.height, &lay->ctx.ymap);
  if (!style->for_export)
    self->screen = lay->ctx;
}

/* The x axis's tick values and its title under the plot. */
static void
draw_x_labels (
    SsChart *self, cairo_t *cr, const SsChartContext *ctx, const SsAxisTicks *ticks, const SsChartStyle *style)
{
  const char *title = ss_axis_get_title (self->x_axis);
  int         tw, th;

  for (guint i = 0; i < ticks->n; i++)
    {
      double           x = round (ss_chart_context_x (ctx, ticks->values[i])) + 0.5;
      g_autofree char *label = ss_axis_map_format_tick (&ctx->xmap, ticks, ticks->values[i]);
      g_autoptr(PangoLayout) layout = chart_text (self, cr, style, FALSE, label);

      gdk_cairo_set_source_rgba (cr, &style->fg);
      ss_chart_show_text (cr, layout, x, ctx->y + ctx->height + 4, 0.5);
    }
  if (title != NULL)
    {
      g_autoptr(PangoLayout) layout = chart_text (self, cr, style, FALSE, title);

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
static void
draw_decor (SsChart *self, cairo_t *cr, const ChartLayout *lay, const SsChartStyle *style)
{
  const SsChartContext *ctx = &lay->ctx;
  gboolean              xy = self->kind == CHART_XY;
  SsAxisTicks           ticks;
  int                   tw, th;

  th = (int)text_height (self, cr, style);
  if (self->kind == CHART_RULER)
    {
      ss_axis_map_ticks (&ctx->xmap, SS_AXIS_HORIZONTAL, th, &ticks);
      draw_x_labels (self, cr, ctx, &ticks, style);
      return;
    }

  if (self->title != NULL)
    {
      g_autoptr(PangoLayout) bold = chart_text (self, cr, style, TRUE, self->title);

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
      g_autoptr(PangoLayout) layout = chart_text (self, cr, style, FALSE, label);

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
  if (self->show_time_labels)
    draw_x_labels (self, cr, ctx, &ticks, style);

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

/* The data, the cursor and the legend (whose values follow the cursor). */
static void
draw_data (SsChart              *self,
           cairo_t              *cr,
           const ChartLayout    *lay,
           const SsChartContext *ctx,
           const SsChartStyle   *style,
           gboolean              legend)
{
  SsChartLabels  labels = { 0 };
  SsChartContext pass = *ctx;

  if (self->kind == CHART_RULER)
    return;
  /* the same placement in every pass: a body and its tail join up */
  pass.labels = &labels;
  plan_gutter (self, cr, ctx, &labels);
  for (guint i = 0; i < self->layers->len; i++)
    if (!is_hidden (style, g_ptr_array_index (self->layers, i)))
      ss_chart_layer_draw (g_ptr_array_index (self->layers, i), cr, &pass);

  /* the playhead's line is drawn over the kept body, in the snapshot: it
   * moves every frame of Play while the curves stay */
  if (ctx->time_x)
    time_line (cr, ctx, lay->hover, &style->cursor, 1.0);

  if (legend)
    draw_legend (self, cr, lay->legend_left, lay->legend_right, 2, lay->cursor, style, TRUE);
}

void
ss_chart_draw (SsChart *self, cairo_t *cr, double width, double height, const SsChartStyle *style)
{
  ChartLayout lay;

  cairo_save (cr);
  chart_layout (self, cr, width, height, style, &lay);
  draw_decor (self, cr, &lay, style);
  draw_data (self, cr, &lay, &lay.ctx, style, TRUE);
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
  chart_layout (self, cr, width, height, &style, &lay);
  *ctx = lay.ctx;
  ctx->labels = NULL;
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
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
 * through draw_decor and draw_data, like exports.  A chart not against
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
  ensure_measure (self);
  ss_chart_style_init_for_widget (&style, widget);
  chart_layout (self, self->measure, width, height, &style, &lay);
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
      draw_decor (self, cr, &lay, &style);
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
      draw_data (self, cr, &lay, &lay.ctx, &style, TRUE);
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
        draw_data (self, cr, &lay, &ctx, &style, FALSE);
        cairo_destroy (cr);
      }
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

/* The time of the data point drawn nearest to (x, y) in @ctx, within
 * PICK_RADIUS; the layer in *layer when not NULL.  NaN: none. */
double
ss_chart_pick (SsChart *self, const SsChartContext *ctx, double x, double y, SsChartLayer **layer)
{
  double best = PICK_RADIUS, t = NAN;

  for (guint i = 0; i < self->layers->len; i++)
    {
      SsChartLayer *l = g_ptr_array_index (self->layers, i);
      double        distance, lt;

      if (ss_chart_layer_pick (l, ctx, x, y, &distance, &lt) && distance <= best)
        {
          best = distance;
          t = lt;
          if (layer != NULL)
            *layer = l;
        }
    }
  return t;
}

/* The time a pointer at (x, y) of the screen means: under it on a chart
 * against time, the nearest point's on a characteristic; NaN: none. */
double
ss_chart_time_at (SsChart *self, double x, double y)
{
  double t0, t1, t;

  if (self->kind == CHART_XY)
    return self->screen.width > 0 ? ss_chart_pick (self, &self->screen, x, y, NULL) : NAN;
  ss_time_axis_get_range (self->time_axis, &t0, &t1);
  t = x_to_time (self, x);
  return t >= t0 && t <= t1 ? t : NAN;
}

/* Over the value axis, left of the plot (the ruler has none). */
static gboolean
on_value_axis (SsChart *self, double x)
{
  return self->kind != CHART_RULER && self->screen.width > 0 && x < self->screen.x;
}

static void
motion_cb (GtkEventControllerMotion *motion, double x, double y, SsChart *self)
{
  (void)motion;
  self->pointer_x = x;
  self->pointer_y = y;
  ss_time_axis_set_cursor (self->time_axis, ss_chart_time_at (self, x, y));
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

  /* over the title and the legend the wheel scrolls the stack of charts */
  if (self->kind != CHART_RULER && self->screen.height > 0 && self->pointer_y < self->screen.y)
    return FALSE;

  if (self->kind != CHART_RULER && self->screen.width > 0 &&
      ((state & GDK_CONTROL_MASK) != 0 || self->kind == CHART_XY))
    {
      double factor = pow (1.25, fabs (dx) > fabs (dy) ? dx : dy);

      /* Ctrl zooms the values; a characteristic zooms both ways (Shift:
       * along x alone) around the pointer */
      if ((state & GDK_SHIFT_MASK) == 0 || self->kind != CHART_XY)
        ss_axis_zoom (self->y_axis, ss_axis_map_from_pixel (&self->screen.ymap, self->pointer_y), factor);
      if (self->kind == CHART_XY && (state & GDK_CONTROL_MASK) == 0)
        ss_axis_zoom (self->x_axis, ss_axis_map_from_pixel (&self->screen.xmap, self->pointer_x), factor);
      return TRUE;
    }
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
  self->dragged = FALSE;
  self->drag_mode = on_value_axis (self, x) ? DRAG_ZOOM_Y : DRAG_PAN;
  ss_time_axis_get_range (self->time_axis, &self->drag_lower, &self->drag_upper);
  ss_axis_get_range (self->x_axis, &self->drag_x0, &self->drag_x1);
  ss_axis_get_range (self->y_axis, &self->drag_y0, &self->drag_y1);
  if (self->drag_mode == DRAG_ZOOM_Y)
    self->drag_center = ss_axis_map_from_pixel (&self->screen.ymap, y);
}

static void
drag_update_cb (GtkGestureDrag *drag, double dx, double dy, SsChart *self)
{
  double dt;

  (void)drag;
  if (fabs (dx) + fabs (dy) > 3)
    self->dragged = TRUE;
  if (self->drag_mode == DRAG_ZOOM_Y)
    {
      /* from the range at the press: up zooms in, down out */
      ss_axis_set_range (self->y_axis, self->drag_y0, self->drag_y1);
      ss_axis_zoom (self->y_axis, self->drag_center, exp (dy / 100));
      return;
    }
  if (self->kind != CHART_RULER && self->screen.height > 0)
    ss_axis_pan_from (self->y_axis, self->drag_y0, self->drag_y1, dy / self->screen.height);
  if (self->kind == CHART_XY)
    {
      if (self->screen.width > 0)
        ss_axis_pan_from (self->x_axis, self->drag_x0, self->drag_x1, -dx / self->screen.width);
      return;
    }
  if (self->plot_width <= 0 || !ss_time_axis_is_zoomed (self->time_axis))
    return;
  dt = -dx / self->plot_width * (self->drag_upper - self->drag_lower);
  ss_time_axis_set_range (self->time_axis, self->drag_lower + dt, self->drag_upper + dt);
}

static void
pressed_cb (GtkGestureClick *click, int n_press, double x, double y, SsChart *self)
{
  (void)click;
  (void)y;
  if (n_press != 2)
    return;
  if (on_value_axis (self, x))
    ss_axis_reset_zoom (self->y_axis);
  else if (self->kind == CHART_XY)
    {
      ss_axis_reset_zoom (self->x_axis);
      ss_axis_reset_zoom (self->y_axis);
    }
  else
    ss_time_axis_reset_zoom (self->time_axis);
}

/* A click that did not drag names a time (see ss_chart_time_at). */
static void
released_cb (GtkGestureClick *click, int n_press, double x, double y, SsChart *self)
{
  double t;

  (void)click;
  if (n_press != 1 || self->dragged || on_value_axis (self, x))
    return;
  t = ss_chart_time_at (self, x, y);
  if (!isnan (t))
    g_signal_emit (self, signals[TIME_CLICKED], 0, t);
}

/* The values shown are all positive: a log scale can show them. */
gboolean
ss_chart_can_log_scale (SsChart *self)
{
  double lo, hi;

  return self->kind != CHART_RULER && ss_chart_get_y_range (self, &lo, &hi) && lo > 0;
}

static void
context_menu_cb (GtkGestureClick *click, int n_press, double x, double y, SsChart *self)
{
  g_autoptr(GMenu) menu = g_menu_new ();
  g_autoptr(GMenu) section = g_menu_new ();
  GdkRectangle rect = { (int)x, (int)y, 1, 1 };

  (void)n_press;
  if (self->kind == CHART_RULER)
    return;
  gtk_gesture_set_state (GTK_GESTURE (click), GTK_EVENT_SEQUENCE_CLAIMED);
  g_menu_append (section, self->kind == CHART_XY ? _("Autoscale") : _("Autoscale Values"), "chart.autoscale");
  /* offered only where every value shown is positive */
  if (ss_chart_can_log_scale (self) || ss_chart_get_log_scale (self))
    g_menu_append (section, _("Logarithmic Value Scale"), "chart.log-scale");
  if (ss_time_axis_is_zoomed (self->time_axis))
    g_menu_append (section, _("Show the Whole Time Range"), "chart.show-all-time");
  g_menu_append_section (menu, NULL, G_MENU_MODEL (section));
  if (self->extra_menu != NULL)
    g_menu_append_section (menu, NULL, self->extra_menu);
  gtk_popover_menu_set_menu_model (GTK_POPOVER_MENU (self->menu), G_MENU_MODEL (menu));
  gtk_popover_set_pointing_to (GTK_POPOVER (self->menu), &rect);
  gtk_popover_popup (GTK_POPOVER (self->menu));
}

static void
autoscale_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  SsChart *self = SS_CHART (widget);

  (void)action_name;
  (void)parameter;
  ss_axis_reset_zoom (self->y_axis);
  if (self->kind == CHART_XY)
    ss_axis_reset_zoom (self->x_axis);
}

static void
show_all_time_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  (void)action_name;
  (void)parameter;
  ss_time_axis_reset_zoom (SS_CHART (widget)->time_axis);
}

/* Minimum and natural plot heights, px; the legend's rows come on top. */
#define MIN_PLOT_HEIGHT     58
#define NATURAL_PLOT_HEIGHT 130

static GtkSizeRequestMode
ss_chart_get_request_mode (GtkWidget *widget)
{
  (void)widget;
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
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
  SsChart     *self = SS_CHART (widget);
  SsChartStyle style;
  double       th, legend = 19, left, right, bottom;

  *minimum_baseline = *natural_baseline = -1;
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = *natural = 320;
      return;
    }
  ensure_measure (self);
  ss_chart_style_init_for_widget (&style, widget);
  th = text_height (self, self->measure, &style);
  if (self->kind == CHART_RULER)
    {
      /* the labels' two rows as they are drawn */
      *minimum = *natural = (int)(2 * th + 8);
      return;
    }
  /* as many legend rows as the width takes: the plot keeps its height */
  if (for_size > 0)
    {
      double title_width = 0;

      plot_margins (self, self->measure, &left, &right);
      if (self->title != NULL)
        {
          g_autoptr(PangoLayout) bold = chart_text (self, self->measure, &style, TRUE, self->title);
          int tw, h;

          pango_layout_get_pixel_size (bold, &tw, &h);
          title_width = tw;
        }
      legend = draw_legend (self, self->measure, 8 + title_width + 24, for_size - right, 2, NAN, &style, FALSE);
    }
  bottom = self->show_time_labels ? 4 + 2 * th + 4 : 8;
  *minimum = (int)ceil (legend + 2 + MIN_PLOT_HEIGHT + bottom);
  *natural = (int)ceil (legend + 2 + NATURAL_PLOT_HEIGHT + bottom);
}

static void
ss_chart_size_allocate (GtkWidget *widget, int width, int height, int baseline)
{
  SsChart *self = SS_CHART (widget);

  (void)width;
  (void)height;
  (void)baseline;
  if (self->menu != NULL)
    gtk_popover_present (GTK_POPOVER (self->menu));
}

static void
ss_chart_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  SsChart *self = SS_CHART (object);

  switch (prop_id)
    {
    case PROP_LOG_SCALE:
      g_value_set_boolean (value, ss_chart_get_log_scale (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ss_chart_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  SsChart *self = SS_CHART (object);

  switch (prop_id)
    {
    case PROP_LOG_SCALE:
      ss_chart_set_log_scale (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ss_chart_dispose (GObject *object)
{
  SsChart *self = (SsChart *)object;

  if (self->time_axis != NULL)
    g_signal_handlers_disconnect_by_data (self->time_axis, self);
  if (self->x_axis != NULL && self->x_axis != SS_AXIS (self->time_axis))
    {
      g_signal_handlers_disconnect_by_data (self->x_axis, self);
      g_object_unref (self->x_axis);
    }
  self->x_axis = NULL;
  g_clear_object (&self->time_axis);
  if (self->y_axis != NULL)
    g_signal_handlers_disconnect_by_data (self->y_axis, self);
  g_clear_object (&self->y_axis);
  g_clear_pointer (&self->menu, gtk_widget_unparent);
  g_clear_object (&self->extra_menu);
  for (guint i = 0; self->layers != NULL && i < self->layers->len; i++)
    g_signal_handlers_disconnect_by_data (g_ptr_array_index (self->layers, i), self);
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
  GObjectClass   *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ss_chart_dispose;
  object_class->get_property = ss_chart_get_property;
  object_class->set_property = ss_chart_set_property;
  widget_class->snapshot = ss_chart_snapshot;
  widget_class->measure = ss_chart_measure;
  widget_class->get_request_mode = ss_chart_get_request_mode;
  widget_class->size_allocate = ss_chart_size_allocate;

  properties[PROP_LOG_SCALE] = g_param_spec_boolean (
      "log-scale", NULL, NULL, FALSE, G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* a click that did not drag: the time it names (the explorer moves its
   * playhead there) */
  signals[TIME_CLICKED] = g_signal_new ("time-clicked", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                                        NULL, G_TYPE_NONE, 1, G_TYPE_DOUBLE);

  gtk_widget_class_install_action (widget_class, "chart.autoscale", NULL, autoscale_action);
  gtk_widget_class_install_action (widget_class, "chart.show-all-time", NULL, show_all_time_action);
  gtk_widget_class_install_property_action (widget_class, "chart.log-scale", "log-scale");
  gtk_widget_class_set_css_name (widget_class, "chart");
}

/* a legend entry may have come or gone, or grown */
static void
layer_changed_cb (SsChart *self)
{
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

/* a zoom, a pan, a scale: not the extent the layout itself sets */
static void
axis_changed_cb (SsChart *self)
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
  g_signal_connect_swapped (self->y_axis, "changed", G_CALLBACK (axis_changed_cb), self);
  self->margin_left = self->margin_right = -1;
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
  g_signal_connect (gesture, "released", G_CALLBACK (released_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (gesture));

  gesture = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (gesture), GDK_BUTTON_SECONDARY);
  g_signal_connect (gesture, "pressed", G_CALLBACK (context_menu_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (gesture));

  self->menu = gtk_popover_menu_new_from_model (NULL);
  gtk_popover_set_has_arrow (GTK_POPOVER (self->menu), FALSE);
  gtk_widget_set_halign (self->menu, GTK_ALIGN_START);
  gtk_widget_set_parent (self->menu, GTK_WIDGET (self));

  gtk_widget_set_hexpand (GTK_WIDGET (self), TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (self), TRUE);
}

static SsChart *
chart_new (SsTimeAxis *time_axis, ChartKind kind)
{
  SsChart *self = g_object_new (SS_TYPE_CHART, NULL);

  self->kind = kind;
  self->time_axis = g_object_ref (time_axis);
  self->x_axis = SS_AXIS (time_axis);
  g_signal_connect_swapped (time_axis, "changed", G_CALLBACK (gtk_widget_queue_draw), self);
  g_signal_connect_swapped (time_axis, "cursor-changed", G_CALLBACK (gtk_widget_queue_draw), self);
  g_signal_connect_swapped (time_axis, "playhead-changed", G_CALLBACK (gtk_widget_queue_draw), self);
  return self;
}

/* Layers against the shared time axis. */
GtkWidget *
ss_chart_new (SsTimeAxis *time_axis)
{
  SsChart *self = chart_new (time_axis, CHART_TIME);

  gtk_widget_set_tooltip_text (GTK_WIDGET (self),
                               _("Scroll to zoom the time axis, drag to pan, double-click to show everything; "
                                 "Ctrl+scroll or drag the value axis to zoom the values; right-click for more"));
  return GTK_WIDGET (self);
}

/* A characteristic or phase plot: layers of one column against another
 * (SsXyLayer) on a value x axis of the chart's own, over the shared time
 * axis's window; its cursor and playhead mark points on the curves. */
GtkWidget *
ss_chart_new_xy (SsTimeAxis *time_axis)
{
  SsChart *self = chart_new (time_axis, CHART_XY);

  self->x_axis = ss_axis_new ();
  g_signal_connect_swapped (self->x_axis, "changed", G_CALLBACK (axis_changed_cb), self);
  self->show_time_labels = TRUE;
  gtk_widget_set_tooltip_text (GTK_WIDGET (self),
                               _("Scroll to zoom around the pointer (Ctrl: the values alone, Shift: x alone), drag "
                                 "to pan, double-click to show everything; right-click for more"));
  return GTK_WIDGET (self);
}

/* The time axis's tick labels and title alone, for under a scrolled stack
 * of charts (give it their margins): hover, zoom and pan work on it too. */
GtkWidget *
ss_chart_new_ruler (SsTimeAxis *time_axis)
{
  SsChart *self = chart_new (time_axis, CHART_RULER);

  self->show_time_labels = TRUE;
  gtk_widget_set_vexpand (GTK_WIDGET (self), FALSE);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self),
                               _("Scroll to zoom the time axis, drag to pan, double-click to show everything"));
  return GTK_WIDGET (self);
}

SsTimeAxis *
ss_chart_get_time_axis (SsChart *self)
{
  return self->time_axis;
}

/* The time axis, or a characteristic's value x axis. */
SsAxis *
ss_chart_get_x_axis (SsChart *self)
{
  return self->x_axis;
}

SsAxis *
ss_chart_get_y_axis (SsChart *self)
{
  return self->y_axis;
}

gboolean
ss_chart_is_xy (SsChart *self)
{
  return self->kind == CHART_XY;
}

void
ss_chart_add_layer (SsChart *self, SsChartLayer *layer)
{
  g_ptr_array_add (self->layers, g_object_ref (layer));
  /* the legend's rows set the height */
  g_signal_connect_swapped (layer, "changed", G_CALLBACK (layer_changed_cb), self);
  self->revision++;
  gtk_widget_queue_resize (GTK_WIDGET (self));
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
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

const char *
ss_chart_get_title (SsChart *self)
{
  return self->title;
}

/* A characteristic chart whose axes end where its layers' ranges do, with
 * no padding (a heat map's cells fill the plot). */
void
ss_chart_set_tight (SsChart *self, gboolean tight)
{
  g_return_if_fail (SS_IS_CHART (self));

  if (self->tight == !!tight)
    return;
  self->tight = !!tight;
  self->revision++;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* The x axis's tick labels and title under the plot. */
void
ss_chart_set_show_time_labels (SsChart *self, gboolean show)
{
  self->show_time_labels = show;
  self->revision++;
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

/* The margins left and right of the plot the chart wants (the value
 * labels, the level labels right of it), user units. */
void
ss_chart_get_own_margins (SsChart *self, double *left, double *right)
{
  ensure_measure (self);
  own_margins (self, self->measure, left, right);
}

/* Charts stacked over one time axis line their plots up: the widest of
 * their own margins for all (< 0: the chart's own). */
void
ss_chart_set_margins (SsChart *self, double left, double right)
{
  if (self->margin_left == left && self->margin_right == right)
    return;
  self->margin_left = left;
  self->margin_right = right;
  self->revision++;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

gboolean
ss_chart_get_log_scale (SsChart *self)
{
  return ss_axis_get_scale (self->y_axis) == SS_AXIS_SCALE_LOG;
}

/* A log value scale; shown while every value is positive. */
void
ss_chart_set_log_scale (SsChart *self, gboolean log_scale)
{
  if (ss_chart_get_log_scale (self) == !!log_scale)
    return;
  ss_axis_set_scale (self->y_axis, log_scale ? SS_AXIS_SCALE_LOG : SS_AXIS_SCALE_LINEAR);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LOG_SCALE]);
}

/* Entries the owner adds to the context menu (their actions resolve from
 * the chart upwards). */
void
ss_chart_set_extra_menu (SsChart *self, GMenuModel *menu)
{
  g_set_object (&self->extra_menu, menu);
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

/* The time up to which every visible layer has data, s (the earliest of
 * their ends; +INFINITY with none). */
double
ss_chart_get_data_end (SsChart *self)
{
  g_return_val_if_fail (SS_IS_CHART (self), INFINITY);
  return earliest_data_end (self);
}
