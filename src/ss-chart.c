/* ss-chart.c - the chart widget: its kinds, construction, size, properties
 * and accessors.  Apart: the layout (-layout.c), the drawing shared by
 * screen and exports (-draw.c), the screen's cached body (-snapshot.c), a
 * complete run's body drawn off the main thread (-render.c) and the
 * pointer (-input.c); ss-chart-private.h holds what they share. */
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
  g_signal_connect_swapped (time_axis, "changed", G_CALLBACK (gtk_widget_queue_draw), self);
  g_signal_connect_swapped (time_axis, "cursor-changed", G_CALLBACK (gtk_widget_queue_draw), self);
  g_signal_connect_swapped (time_axis, "playhead-changed", G_CALLBACK (gtk_widget_queue_draw), self);
  g_signal_connect_swapped (time_axis, "measure-changed", G_CALLBACK (gtk_widget_queue_draw), self);
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
