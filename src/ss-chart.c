/* ss-chart.c - the chart widget: its kinds, construction, size, properties
 * and accessors; the helpers its parts share (text, the legend's readouts
 * and their rooms); the one drawing of a body and an export; and the
 * screen's drawing, its cached body and tail, which asks the parts.  Its
 * parts, which call only this file: the layout (-layout.c), the drawing
 * shared by screen and exports (-draw.c), a complete run's body drawn off
 * the main thread (-render.c) and the pointer (-input.c);
 * ss-chart-private.h holds what they share. */
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

enum
{
  PROP_0,
  PROP_LOG_SCALE,
  N_PROPS
};

enum
{
  TIME_CLICKED,
  LEGEND_TOGGLED,
  LAYOUT_CHANGED,
  MOVE_REQUESTED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint       signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (SsChart, ss_chart, GTK_TYPE_WIDGET)

void
_ss_chart_emit_time_clicked (SsChart *self, double t)
{
  g_signal_emit (self, signals[TIME_CLICKED], 0, t);
}

void
_ss_chart_emit_legend_toggled (SsChart *self, SsChartLayer *layer)
{
  g_signal_emit (self, signals[LEGEND_TOGGLED], 0, layer);
}

void
_ss_chart_emit_layout_changed (SsChart *self)
{
  g_signal_emit (self, signals[LAYOUT_CHANGED], 0);
}

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
  style->blank = NULL;
  style->drawn = NULL;
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
  style->blank = NULL;
  style->drawn = NULL;
}

/* Minimum and natural plot heights, px; the legend's rows come on top
 * (the stack scrolls rather than squeeze a plot below its minimum). */
#define MIN_PLOT_HEIGHT     SS_CHART_MIN_PLOT_HEIGHT
#define NATURAL_PLOT_HEIGHT 170

static GtkSizeRequestMode
ss_chart_get_request_mode (GtkWidget *widget)
{
  (void)widget;
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

/* A log value scale over values of either sign shows |value| (zeros
 * alone are left out, not a reason to say so). */
gboolean
_ss_chart_shows_magnitude (SsChart *self)
{
  double lo, hi;

  return self->kind == CHART_TIME && ss_chart_get_log_scale (self) && ss_chart_get_y_range (self, &lo, &hi) && lo < 0;
}

/* The title drawn: it says so when the chart shows magnitudes. */
char *
_ss_chart_shown_title (SsChart *self)
{
  if (self->title == NULL)
    return NULL;
  if (_ss_chart_shows_magnitude (self))
    /* Translators: a chart's title on a logarithmic value scale of a
     * signed quantity, which shows the magnitudes; %s is the title */
    return g_strdup_printf (_("%s, |value|"), self->title);
  return g_strdup (self->title);
}

/* What the chart's decor and data are drawn from, here on the main
 * thread: the chart's own; _ss_chart_paint_clear() after. */
void
_ss_chart_paint_init (SsChart *self, ChartPaint *paint)
{
  paint->kind = self->kind;
  paint->title = _ss_chart_shown_title (self);
  paint->x_title = g_strdup (ss_axis_get_title (self->x_axis));
  paint->show_time_labels = self->show_time_labels;
  paint->layers = g_ptr_array_ref (self->layers);
  paint->text_cache = g_hash_table_ref (self->text_cache);
}

void
_ss_chart_paint_clear (ChartPaint *paint)
{
  g_clear_pointer (&paint->title, g_free);
  g_clear_pointer (&paint->x_title, g_free);
  g_clear_pointer (&paint->layers, g_ptr_array_unref);
  g_clear_pointer (&paint->text_cache, g_hash_table_unref);
}

/* Text, legend readouts and their rooms: what the layout, the drawing
 * and the render thread all need. */

static PangoLayout *
create_layout (cairo_t *cr, const SsChartStyle *style, gboolean bold)
{
  PangoLayout *layout = ss_chart_text_layout_new (cr, style->font_size, bold);

  if (!style->for_export)
    {
      /* tabular digits: a readout keeps its width while its value changes */
      PangoAttrList *attrs = pango_attr_list_new ();

      pango_attr_list_insert (attrs, pango_attr_font_features_new ("tnum"));
      pango_layout_set_attributes (layout, attrs);
      pango_attr_list_unref (attrs);
    }
  return layout;
}

GHashTable *
_ss_chart_text_cache_new (void)
{
  return g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_object_unref);
}

/* A laid-out text (new reference).  Exports lay out afresh; the screen
 * reuses layouts from @cache (one thread's: the main thread's or the
 * render thread's), whose font options do not depend on the target. */
PangoLayout *
_ss_chart_text (GHashTable *cache, cairo_t *cr, const SsChartStyle *style, gboolean bold, const char *text)
{
  g_autofree char *key = NULL;
  PangoLayout     *layout;

  if (style->for_export || cache == NULL)
    {
      layout = create_layout (cr, style, bold);
      pango_layout_set_text (layout, text, -1);
      return layout;
    }
  key = g_strdup_printf ("%c%g:%s", bold ? 'b' : 'r', style->font_size, text);
  layout = g_hash_table_lookup (cache, key);
  if (layout == NULL)
    {
      if (g_hash_table_size (cache) >= TEXT_CACHE_LIMIT)
        g_hash_table_remove_all (cache); /* e.g. cursor readouts */
      layout = create_layout (cr, style, bold);
      pango_layout_set_text (layout, text, -1);
      g_hash_table_insert (cache, g_steal_pointer (&key), layout);
    }
  return g_object_ref (layout);
}

double
_ss_chart_text_height (GHashTable *cache, cairo_t *cr, const SsChartStyle *style)
{
  g_autoptr(PangoLayout) probe = _ss_chart_text (cache, cr, style, FALSE, "0");
  int tw, th;

  pango_layout_get_pixel_size (probe, &tw, &th);
  return th;
}

/* A layer the style leaves out (an export without the overlaid runs). */
gboolean
_ss_chart_is_hidden (const SsChartStyle *style, SsChartLayer *layer)
{
  return style != NULL && style->hidden != NULL && g_ptr_array_find (style->hidden, layer, NULL);
}

/* A legend entry's text: the layer's title, with its value at @cursor
 * unless that is NaN. */
char *
_ss_chart_legend_text (SsChartLayer *layer, double cursor)
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

#define RESERVE_SAMPLES 1000

/* The texts the legend's rooms formatted and measured, the calling
 * thread's (tests). */
static _Thread_local guint reserve_formatted, reserve_measured;

void
_ss_chart_get_reserve_counts (guint *formatted, guint *measured)
{
  *formatted = reserve_formatted;
  *measured = reserve_measured;
}

/* A layout for a legend's readouts, as the legend lays them out. */
PangoLayout *
_ss_chart_readout_layout_new (cairo_t *cr, const SsChartStyle *style)
{
  return create_layout (cr, style, FALSE);
}

static double
layout_width (PangoLayout *layout, const char *text)
{
  int tw, th;

  pango_layout_set_text (layout, text, -1);
  pango_layout_get_pixel_size (layout, &tw, &th);
  return tw;
}

/* @text with every digit a 0: as wide in tabular digits, and the same for
 * most of a curve's values. */
static char *
digits_as_zeros (const char *text)
{
  char *shape = g_strdup (text);

  for (char *p = shape; *p != '\0'; p++)
    if (*p >= '1' && *p <= '9')
      *p = '0';
  return shape;
}

/* Whether @key is new to @keys (then added). */
static gboolean
add_key (GArray *keys, guint64 key)
{
  /* the last one first: neighbouring instants mostly share it */
  for (guint i = keys->len; i-- > 0;)
    if (g_array_index (keys, guint64, i) == key)
      return FALSE;
  g_array_append_val (keys, key);
  return TRUE;
}

/* The widths of readout shapes measured so far, per thread (each thread
 * lays out text with its own font map): each shape is measured once for
 * as long as the charts' font and size stay, not once per run.  At most
 * SHAPE_WIDTHS_MAX, then the table starts afresh. */
#define SHAPE_WIDTHS_MAX 4096
static GPrivate shape_widths = G_PRIVATE_INIT ((GDestroyNotify)g_hash_table_unref);

/* @shape's width in @style's readout font, on @cr (the kind of surface it
 * draws on and its scale are part of the key); *@layout made when a text
 * is measured. */
static double
shape_width (PangoLayout **layout, cairo_t *cr, const SsChartStyle *style, const char *shape, guint *measured)
{
  GHashTable      *widths = g_private_get (&shape_widths);
  cairo_matrix_t   m;
  g_autofree char *key = NULL;
  gpointer         found;
  double           width;

  if (widths == NULL)
    {
      widths = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
      g_private_set (&shape_widths, widths);
    }
  cairo_get_matrix (cr, &m);
  key = g_strdup_printf ("%g %d %d %g %g %g %g\x1f%s", style->font_size, style->for_export,
                         (int)cairo_surface_get_type (cairo_get_target (cr)), m.xx, m.yx, m.xy, m.yy, shape);
  if (g_hash_table_lookup_extended (widths, key, NULL, &found))
    return *(double *)found;
  if (*layout == NULL)
    *layout = _ss_chart_readout_layout_new (cr, style);
  width = layout_width (*layout, shape);
  (*measured)++;
  if (g_hash_table_size (widths) >= SHAPE_WIDTHS_MAX)
    g_hash_table_remove_all (widths);
  g_hash_table_insert (widths, g_steal_pointer (&key), g_memdup2 (&width, sizeof width));
  return width;
}

/* The widest readout of @layer over the time axis's extent [t0, t1],
 * sampled (see LegendReserve); any thread, for a layer it owns.  The
 * readouts at a thousand instants, each shape of text (its digits 0)
 * measured once per thread (shape_widths), apart from the text cache,
 * which they would flush.  Only
 * the texts of new keys (ss_chart_layer_get_readout_key: the same key,
 * the same shape) are formatted: a handful per decade of the values
 * instead of a thousand, the same widest shape. */
double
_ss_chart_sample_reserve (SsChartLayer *layer, double t0, double t1, cairo_t *cr, const SsChartStyle *style)
{
  double width = 0;
  guint  formatted = 0, measured = 0;
  g_autoptr(PangoLayout) layout = NULL;
  g_autoptr(GHashTable) shapes = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GArray) keys = g_array_new (FALSE, FALSE, sizeof (guint64));

  for (int i = -1; i <= RESERVE_SAMPLES; i++)
    {
      double           t = i < 0 || !(t1 > t0) ? NAN : t0 + (t1 - t0) * i / RESERVE_SAMPLES;
      guint64          key;
      g_autofree char *text = NULL;
      char            *shape;

      if (!isnan (t) && ss_chart_layer_get_readout_key (layer, t, &key) && !add_key (keys, key))
        continue;
      text = _ss_chart_legend_text (layer, t);
      shape = digits_as_zeros (text);
      formatted++;
      if (g_hash_table_add (shapes, shape))
        width = MAX (width, shape_width (&layout, cr, style, shape, &measured));
      if (!(t1 > t0))
        break;
    }
  reserve_formatted += formatted;
  reserve_measured += measured;
  return width;
}

/* Whether @layer's legend room was sampled for other data than it has now
 * (the render thread samples it again with the chart's next body). */
gboolean
_ss_chart_reserve_stale (SsChart *self, SsChartLayer *layer)
{
  LegendReserve *reserve = g_hash_table_lookup (self->legend_reserve, layer);

  return reserve != NULL && (reserve->revision != ss_chart_layer_get_revision (layer) ||
                             reserve->complete != ss_chart_layer_get_data_complete (layer));
}

/* A chart's body, what the legend goes over: its decor, then its data
 * and the hover cursor's line; what the render thread draws (a complete
 * run's image) and every export.  The screen's cached body draws the same
 * two with its tail clipped out between them (_ss_chart_snapshot). */
void
_ss_chart_draw_body (
    const ChartPaint *paint, cairo_t *cr, const ChartLayout *lay, const SsChartContext *ctx, const SsChartStyle *style)
{
  _ss_chart_draw_decor (paint, cr, lay, style);
  _ss_chart_draw_data (paint, cr, lay, ctx, style);
}

void
ss_chart_draw (SsChart *self, cairo_t *cr, double width, double height, const SsChartStyle *style)
{
  ChartLayout lay;
  ChartPaint  paint;

  cairo_save (cr);
  /* it sets the axes' extents for its own size */
  self->layout_inputs++;
  _ss_chart_layout (self, cr, width, height, style, &lay);
  _ss_chart_paint_init (self, &paint);
  _ss_chart_draw_body (&paint, cr, &lay, &lay.ctx, style);
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
  self->layout_inputs++;
  _ss_chart_layout (self, cr, width, height, &style, &lay);
  *ctx = lay.ctx;
  ctx->labels = NULL;
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

/* The title's row: a hidden chart's height. */
double
_ss_chart_title_height (SsChart *self, cairo_t *cr, const SsChartStyle *style)
{
  g_autoptr(PangoLayout) bold = _ss_chart_text (self->text_cache, cr, style, TRUE, self->title ? self->title : "0");
  int tw, th;

  pango_layout_get_pixel_size (bold, &tw, &th);
  return th + 6;
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
  _ss_chart_ensure_measure (self);
  ss_chart_style_init_for_widget (&style, widget);
  th = _ss_chart_text_height (self->text_cache, self->measure, &style);
  if (self->kind == CHART_RULER)
    {
      /* the labels' two rows as they are drawn */
      *minimum = *natural = (int)(2 * th + 8);
      return;
    }
  if (self->collapsed)
    {
      *minimum = *natural = (int)ceil (_ss_chart_title_height (self, self->measure, &style));
      return;
    }
  /* as many legend rows as the width takes: the plot keeps its height */
  if (for_size > 0)
    {
      double title_width = 0;

      _ss_chart_plot_margins (self, self->measure, &left, &right);
      g_autofree char *title = _ss_chart_shown_title (self);

      if (title != NULL)
        {
          g_autoptr(PangoLayout) bold = _ss_chart_text (self->text_cache, self->measure, &style, TRUE, title);
          int tw, h;

          pango_layout_get_pixel_size (bold, &tw, &h);
          title_width = tw;
        }
      legend =
          _ss_chart_draw_legend (self, self->measure, 8 + title_width + 24, for_size - right, 2, NAN, &style, FALSE);
    }
  bottom = self->show_time_labels ? 4 + 2 * th + 4 : 8;
  if (self->plot_height > 0)
    {
      *minimum = *natural = (int)ceil (legend + 2 + MAX (MIN_PLOT_HEIGHT, self->plot_height) + bottom);
      return;
    }
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
  _ss_chart_release_view (self);
  g_clear_pointer (&self->menu, gtk_widget_unparent);
  g_clear_object (&self->extra_menu);
  for (guint i = 0; self->layers != NULL && i < self->layers->len; i++)
    g_signal_handlers_disconnect_by_data (g_ptr_array_index (self->layers, i), self);
  g_clear_pointer (&self->layers, g_ptr_array_unref);
  g_clear_pointer (&self->title, g_free);
  g_clear_pointer (&self->text_cache, g_hash_table_unref);
  g_clear_pointer (&self->measure, cairo_destroy);
  g_clear_pointer (&self->body, gsk_render_node_unref);
  g_clear_pointer (&self->job, _ss_chart_job_drop);
  g_clear_pointer (&self->reserve_job, _ss_chart_job_drop);
  g_clear_pointer (&self->job_reserve, g_ptr_array_unref);
  g_clear_pointer (&self->image, _ss_chart_image_free);
  g_clear_pointer (&self->legend_boxes, g_array_unref);
  g_clear_pointer (&self->legend_reserve, g_hash_table_unref);
  g_clear_handle_id (&self->reserve_idle, g_source_remove);
  g_clear_handle_id (&self->resample_idle, g_source_remove);
  if (self->flash_tick != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->flash_tick);
  self->flash_tick = 0;

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
  widget_class->snapshot = _ss_chart_snapshot;
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
  /* a click on a legend entry hid or showed its layer (the owner may do
   * the same to the layer's companions: the previous and pinned runs) */
  signals[LEGEND_TOGGLED] = g_signal_new ("legend-toggled", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                                          NULL, G_TYPE_NONE, 1, SS_TYPE_CHART_LAYER);
  /* the user resized, hid or showed the chart */
  signals[LAYOUT_CHANGED] = g_signal_new ("layout-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                                          NULL, G_TYPE_NONE, 0);
  /* the context menu's Move Chart Up (-1) or Down (+1): offered when the
   * owner (a stack) handles it */
  signals[MOVE_REQUESTED] = g_signal_new ("move-requested", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                                          NULL, G_TYPE_NONE, 1, G_TYPE_INT);

  _ss_chart_input_class_init (widget_class);
  gtk_widget_class_install_property_action (widget_class, "chart.log-scale", "log-scale");
  gtk_widget_class_set_css_name (widget_class, "chart");
}

/* a legend entry may have come or gone, or grown */
static void
layer_changed_cb (SsChart *self)
{
  self->layout_inputs++;
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

/* a zoom, a pan, a scale: not the extent the layout itself sets */
static void
axis_changed_cb (SsChart *self)
{
  if (self->in_layout)
    return;
  self->layout_inputs++;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* the window, the cursor, the playhead, the measurement cursors */
static void
time_changed_cb (SsChart *self)
{
  self->layout_inputs++;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
ss_chart_init (SsChart *self)
{
  self->layers = g_ptr_array_new_with_free_func (g_object_unref);
  self->y_axis = ss_axis_new ();
  g_signal_connect_swapped (self->y_axis, "changed", G_CALLBACK (axis_changed_cb), self);
  self->margin_left = self->margin_right = -1;
  self->text_cache = _ss_chart_text_cache_new ();
  self->legend_boxes = g_array_new (FALSE, FALSE, sizeof (LegendBox));
  self->legend_reserve = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL, g_free);

  _ss_chart_input_init (self);

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
  g_signal_connect_swapped (time_axis, "changed", G_CALLBACK (time_changed_cb), self);
  g_signal_connect_swapped (time_axis, "cursor-changed", G_CALLBACK (time_changed_cb), self);
  g_signal_connect_swapped (time_axis, "playhead-changed", G_CALLBACK (time_changed_cb), self);
  g_signal_connect_swapped (time_axis, "measure-changed", G_CALLBACK (time_changed_cb), self);
  return self;
}

/* Layers against the shared time axis. */
GtkWidget *
ss_chart_new (SsTimeAxis *time_axis)
{
  /* the gestures are in the shortcuts window, not over the data */
  return GTK_WIDGET (chart_new (time_axis, CHART_TIME));
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
  return GTK_WIDGET (self);
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
  _ss_chart_ensure_measure (self);
  _ss_chart_own_margins (self, self->measure, left, right);
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

/* The plot's height the user chose (dragging the chart's bottom edge), px;
 * 0: automatic (at least SS_CHART_MIN_PLOT_HEIGHT, more when there is
 * room).  A chosen height is kept however much room there is. */
void
ss_chart_set_plot_height (SsChart *self, double height)
{
  g_return_if_fail (SS_IS_CHART (self));

  height = height > 0 ? MAX (SS_CHART_MIN_PLOT_HEIGHT, round (height)) : 0;
  if (self->plot_height == height)
    return;
  self->plot_height = height;
  gtk_widget_set_vexpand (GTK_WIDGET (self), height == 0 && !self->collapsed);
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

double
ss_chart_get_plot_height (SsChart *self)
{
  g_return_val_if_fail (SS_IS_CHART (self), 0);
  return self->plot_height;
}

/* A hidden chart shows its title alone; a click on it shows it again. */
void
ss_chart_set_collapsed (SsChart *self, gboolean collapsed)
{
  g_return_if_fail (SS_IS_CHART (self));

  if (self->collapsed == !!collapsed)
    return;
  self->collapsed = !!collapsed;
  gtk_widget_set_vexpand (GTK_WIDGET (self), self->plot_height == 0 && !self->collapsed);
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

gboolean
ss_chart_get_collapsed (SsChart *self)
{
  g_return_val_if_fail (SS_IS_CHART (self), FALSE);
  return self->collapsed;
}

/* The plot area for the chart's present size, widget coordinates: where
 * its data are drawn (empty for a hidden chart or the ruler). */
void
ss_chart_get_plot_area (SsChart *self, graphene_rect_t *area)
{
  SsChartStyle style;
  ChartLayout  lay;

  g_return_if_fail (SS_IS_CHART (self));

  if (self->collapsed || self->kind == CHART_RULER)
    {
      graphene_rect_init (area, 0, 0, 0, 0);
      return;
    }
  _ss_chart_ensure_measure (self);
  ss_chart_style_init_for_widget (&style, GTK_WIDGET (self));
  _ss_chart_layout (self, self->measure, gtk_widget_get_width (GTK_WIDGET (self)),
                    gtk_widget_get_height (GTK_WIDGET (self)), &style, &lay);
  graphene_rect_init (area, lay.ctx.x, lay.ctx.y, lay.ctx.width, lay.ctx.height);
}

/* Where @layer's legend entry was last laid out on screen, widget
 * coordinates; FALSE when it has none. */
gboolean
ss_chart_get_legend_entry (SsChart *self, SsChartLayer *layer, graphene_rect_t *area)
{
  g_return_val_if_fail (SS_IS_CHART (self), FALSE);

  for (guint i = 0; i < self->legend_boxes->len; i++)
    {
      LegendBox *box = &g_array_index (self->legend_boxes, LegendBox, i);

      if (box->layer == layer)
        {
          graphene_rect_init (area, box->x, box->y, box->width, box->height);
          return TRUE;
        }
    }
  return FALSE;
}

static gboolean
flash_tick_cb (GtkWidget *widget, GdkFrameClock *clock, gpointer data)
{
  SsChart *self = SS_CHART (widget);

  (void)data;
  gtk_widget_queue_draw (widget);
  if (gdk_frame_clock_get_frame_time (clock) - self->flash_start < FLASH_US)
    return G_SOURCE_CONTINUE;
  self->flash_start = 0;
  self->flash_tick = 0;
  return G_SOURCE_REMOVE;
}

/* A brief highlight: the chart has just come into view (the user added it
 * or something to it). */
void
ss_chart_flash (SsChart *self)
{
  g_return_if_fail (SS_IS_CHART (self));

  self->flash_start = g_get_monotonic_time ();
  if (self->flash_tick == 0)
    self->flash_tick = gtk_widget_add_tick_callback (GTK_WIDGET (self), flash_tick_cb, NULL, NULL);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* The highlight's strength now, 1 .. 0; 0 when off. */
double
_ss_chart_flash_alpha (SsChart *self)
{
  double f;

  if (self->flash_start == 0)
    return 0;
  f = (double)(g_get_monotonic_time () - self->flash_start) / FLASH_US;
  return f >= 1 ? 0 : 1 - f * f;
}

gboolean
ss_chart_get_log_scale (SsChart *self)
{
  return ss_axis_get_scale (self->y_axis) == SS_AXIS_SCALE_LOG;
}

/* A log value scale: of the values while all are positive, else (against
 * time) of their magnitudes |value|, zeros left out. */
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
  return _ss_chart_earliest_data_end (self);
}

/* The sum of the layers' revisions (each only grows): a key's part that
 * changes with any layer's data or look. */
static guint64
layer_revisions (SsChart *self)
{
  guint64 sum = 0;

  for (guint i = 0; i < self->layers->len; i++)
    sum += ss_chart_layer_get_revision (g_ptr_array_index (self->layers, i));
  return sum;
}

/* The screen's drawing, the widget's snapshot: a cached body plus a tail
 * redrawn each frame, and the playhead over them, so streaming runs and
 * Play repaint a few columns, not the whole chart.  Once the runs shown
 * are complete the body is an image the render thread drew
 * (ss-chart-render.c), which GTK's renderer copies instead of replaying
 * every curve. */
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
  key->layer_revisions = layer_revisions (self);
}

static void
layout_key_init (SsChart *self, int width, int height, const SsChartStyle *style, LayoutKey *key)
{
  memset (key, 0, sizeof *key);
  key->width = width;
  key->height = height;
  ss_time_axis_get_range (self->time_axis, &key->t0, &key->t1);
  key->cursor = ss_time_axis_get_cursor (self->time_axis);
  key->playhead = ss_time_axis_get_playhead (self->time_axis);
  key->data_end = _ss_chart_earliest_data_end (self);
  key->style = *style;
  key->readout_at_playhead = ss_time_axis_get_readout_at_playhead (self->time_axis);
  key->revision = self->revision;
  key->legend_revision = self->legend_revision;
  key->inputs = self->layout_inputs;
  key->n_layers = self->layers->len;
  key->layer_revisions = layer_revisions (self);
}

/* The screen's layout at @width x @height: the one ss_chart_prepare worked
 * out for this frame when nothing it reads changed since (a run's
 * hand-over laid every chart out twice), else laid out again.  Once. */
static void
screen_layout (SsChart *self, int width, int height, const SsChartStyle *style, ChartLayout *lay)
{
  LayoutKey key;

  if (self->prepared)
    layout_key_init (self, width, height, style, &key);
  if (self->prepared && memcmp (&key, &self->prepared_key, sizeof key) == 0)
    *lay = self->prepared_lay;
  else
    {
      _ss_chart_layout (self, self->measure, width, height, style, lay);
      self->screen_layouts++;
    }
  self->prepared = FALSE;
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
 * through _ss_chart_draw_decor and _ss_chart_draw_data, like exports.  A
 * chart not against time has no such column: new rows redraw it whole. */
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
          g_clear_pointer (&self->image, _ss_chart_image_release);
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
  self->screen_layouts++;
  /* the frame that follows draws this layout unless something moves it */
  layout_key_init (self, width, height, &style, &self->prepared_key);
  self->prepared_lay = lay;
  self->prepared = TRUE;
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
  screen_layout (self, width, height, &style, &lay);
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
  g_clear_pointer (&self->image, _ss_chart_image_release);
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

/* How often the screen laid the chart out (tests). */
guint
_ss_chart_get_screen_layouts (SsChart *self)
{
  return self->screen_layouts;
}

/* How often the screen drew a chart's body whole (tests, benchmark). */
guint
ss_chart_get_body_renders (SsChart *self)
{
  return self->body_renders;
}

/* Main thread, once @job (@self's) is done: the legend's rooms it sampled
 * (see LegendReserve) go into the chart, once. */
void
_ss_chart_job_apply_reserve (SsChart *self, ChartJob *job)
{
  GArray *widths;

  if (self->job_reserve == NULL || (widths = _ss_chart_job_take_reserve (job)) == NULL)
    return;
  for (guint i = 0; i < widths->len && i < self->job_reserve->len; i++)
    _ss_chart_reserve_sampled (self, g_ptr_array_index (self->job_reserve, i), g_array_index (widths, double, i));
  g_clear_pointer (&self->job_reserve, g_ptr_array_unref);
}
