/* ss-plot-stack.c - the stacked charts of a model's columns on a shared
 * time axis: the charts scroll, the time axis's labels (the ruler) stay
 * under them; characteristic and phase plots follow the charts against
 * time.
 *
 * This file, the hub, holds the widget itself: its construction and
 * state, building the charts anew for a model (or after the user changed
 * what is shown), a chart added or removed later, scrolling a chart into
 * view, the pinned runs' slots, the playhead's reveal and the published
 * values marked on the charts.  Its parts share ss-plot-stack-private.h:
 *   -time.c     the charts against time: lines, stick spans, μ levels,
 *               bands;
 *   -columns.c  which columns are shown (GSettings "signals") and the
 *               charts' Add Signal / Remove Signal menus;
 *   -xy.c       the characteristic and phase plots;
 *   -runs.c     the runs drawn: the current, the previous and the pinned
 *               ones, and the legend entries naming them;
 *   -readings.c the curves the measurement cursors read;
 *   -figure.c   the whole stack drawn for export;
 *   -layout.c   the user's layout of the charts (places, heights, hidden
 *               ones), legend clicks hiding a curve with its other runs.
 * A part calls only the hub: what one part needs of another goes through
 * a hub function that calls it (the hub asks -columns.c which columns go
 * on which chart, has -time.c build those charts and -columns.c give
 * them their menus; _ss_plot_stack_chart_added has -layout.c place a
 * characteristic plot -xy.c built).  What the charts call the columns and
 * how they colour them, ss-plot-stack-labels.c, is a module of its own:
 * it needs no stack. */
#define G_LOG_DOMAIN "ss-plot-stack"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "ss-line-layer.h"
#include "ss-marker-layer.h"
#include "ss-plot-stack-private.h"
#include "ss-settings.h"

G_DEFINE_FINAL_TYPE (SsPlotStack, ss_plot_stack, GTK_TYPE_WIDGET)

enum
{
  TIME_CLICKED,
  COLUMNS_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* ---- building the charts ------------------------------------------- */

static char *
model_signature (const ss_model *m)
{
  GString *s = g_string_new (ss_model_scenario (m)->name);

  for (int i = 0; i < ss_model_n_columns (m); i++)
    {
      g_string_append_c (s, '|');
      g_string_append (s, ss_model_column (m, i)->name);
    }
  return g_string_free (s, FALSE);
}

static void
clear_charts (SsPlotStack *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (self->charts_box)) != NULL)
    gtk_box_remove (GTK_BOX (self->charts_box), child);
  g_ptr_array_set_size (self->charts, 0);
  g_ptr_array_set_size (self->series, 0);
  g_ptr_array_set_size (self->ghost_series, 0);
  g_ptr_array_set_size (self->ghost_layers, 0);
  g_ptr_array_set_size (self->pin_layers, 0);
  g_ptr_array_set_size (self->run_layers, 0);
  g_ptr_array_set_size (self->xy_layers, 0);
  g_menu_remove_all (self->add_menu);
}

static void
chart_time_clicked_cb (SsPlotStack *self, double t)
{
  g_signal_emit (self, signals[TIME_CLICKED], 0, t);
}

/* Into the scrolled box, with the stack's context menu entries. */
void
_ss_plot_stack_append_chart (SsPlotStack *self, SsChart *chart)
{
  g_ptr_array_add (self->charts, chart);
  ss_chart_set_extra_menu (chart, G_MENU_MODEL (self->add_menu));
  g_signal_connect_swapped (chart, "time-clicked", G_CALLBACK (chart_time_clicked_cb), self);
  _ss_plot_stack_connect_chart (self, chart);
  gtk_box_append (GTK_BOX (self->charts_box), GTK_WIDGET (chart));
}

/* A chart added to the stack already built (a characteristic plot the
 * user asked for): the user's layout of it, the runs drawn on it, and it
 * scrolled into view (below the charts against time, likely out of view);
 * the stack's layout saved with it. */
void
_ss_plot_stack_chart_added (SsPlotStack *self, SsChart *chart)
{
  _ss_plot_stack_apply_chart_layout (self, chart);
  ss_plot_stack_set_datasets (self, self->current, self->ghost);
  _ss_plot_stack_reveal (self, chart);
  _ss_plot_stack_save_layout (self);
}

/* Out of the scrolled box for good (a characteristic plot the user
 * removed); the stack's layout saved without it. */
void
_ss_plot_stack_remove_chart (SsPlotStack *self, SsChart *chart)
{
  g_ptr_array_remove (self->charts, chart);
  gtk_box_remove (GTK_BOX (self->charts_box), GTK_WIDGET (chart));
  _ss_plot_stack_save_layout (self);
}

/* A series of @column, for the run the series in @list show (the current
 * or the previous one); @list holds it. */
SsSeries *
_ss_plot_stack_add_series (GPtrArray *list, const char *column)
{
  SsSeries *series = ss_series_new (column);

  g_ptr_array_add (list, series);
  return series;
}

/* ---- the pinned runs' slots ------------------------------------------ */

/* The pinned-run layers' mark: the slot they draw, + 1 */
GQuark
_ss_plot_stack_pin_slot_quark (void)
{
  return g_quark_from_static_string ("ss-pin-slot");
}

/* The pinned run drawn in @slot, NULL when none (or not computed yet). */
Pin *
_ss_plot_stack_slot_pin (SsPlotStack *self, guint slot)
{
  return slot < self->pins->len ? g_ptr_array_index (self->pins, slot) : NULL;
}

/* ---- into view --------------------------------------------------------- */

#define REVEAL_MARGIN 6.0 /* px above and below a chart scrolled into view */
#define REVEAL_FRAMES 30  /* frames the stack waits at most for the layout */

/* Each frame until the target's place is laid out and scrolled to: the
 * vertical scroll that shows all of it (its top when it is taller than
 * the view). */
static gboolean
reveal_tick_cb (GtkWidget *widget, GdkFrameClock *clock, gpointer data)
{
  SsPlotStack    *self = SS_PLOT_STACK (widget);
  GtkAdjustment  *vadj = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (self->scroller));
  SsChart        *chart = self->reveal_target;
  graphene_rect_t bounds;
  double          value, page, top, bottom;

  (void)clock;
  (void)data;
  if (chart == NULL || !g_ptr_array_find (self->charts, chart, NULL) || self->reveal_frames++ > REVEAL_FRAMES)
    goto done;
  if (!gtk_widget_compute_bounds (GTK_WIDGET (chart), self->charts_box, &bounds) || bounds.size.height <= 0 ||
      gtk_widget_get_height (self->charts_box) < bounds.origin.y + bounds.size.height)
    return G_SOURCE_CONTINUE; /* not laid out yet */
  page = gtk_adjustment_get_page_size (vadj);
  value = gtk_adjustment_get_value (vadj);
  top = bounds.origin.y + gtk_widget_get_margin_top (self->charts_box) - REVEAL_MARGIN;
  bottom = bounds.origin.y + gtk_widget_get_margin_top (self->charts_box) + bounds.size.height + REVEAL_MARGIN;
  if (top < value || bottom - top > page)
    value = top;
  else if (bottom > value + page)
    value = bottom - page;
  value = CLAMP (value, 0, MAX (0, gtk_adjustment_get_upper (vadj) - page));
  if (fabs (value - gtk_adjustment_get_value (vadj)) > 0.5)
    {
      gtk_adjustment_set_value (vadj, value);
      return G_SOURCE_CONTINUE; /* once more, with that layout */
    }
  ss_chart_flash (chart);
done:
  g_clear_weak_pointer (&self->reveal_target);
  self->reveal_tick = 0;
  return G_SOURCE_REMOVE;
}

/* Scrolls @chart into view once it is laid out, and highlights it briefly
 * (something the user added is on it); a hidden chart is shown. */
void
_ss_plot_stack_reveal (SsPlotStack *self, SsChart *chart)
{
  if (chart == NULL)
    return;
  if (ss_chart_get_collapsed (chart))
    {
      ss_chart_set_collapsed (chart, FALSE);
      _ss_plot_stack_save_layout (self);
    }
  g_set_weak_pointer (&self->reveal_target, chart);
  self->reveal_frames = 0;
  if (self->reveal_tick == 0)
    self->reveal_tick = gtk_widget_add_tick_callback (GTK_WIDGET (self), reveal_tick_cb, NULL, NULL);
}

/* The chart being scrolled into view, or NULL once it is (tests). */
SsChart *
ss_plot_stack_get_revealing (SsPlotStack *self)
{
  g_return_val_if_fail (SS_IS_PLOT_STACK (self), NULL);
  return self->reveal_tick != 0 ? self->reveal_target : NULL;
}

/* The charts' plots line up with each other and with the ruler: the
 * widest margins any of them wants, for all. */
static void
align_charts (SsPlotStack *self)
{
  double left = 0, right = 0;

  for (guint i = 0; i < self->charts->len; i++)
    {
      SsChart *chart = g_ptr_array_index (self->charts, i);
      double   l, r;

      if (ss_chart_is_xy (chart))
        continue;
      ss_chart_get_own_margins (chart, &l, &r);
      left = MAX (left, l);
      right = MAX (right, r);
    }
  for (guint i = 0; i < self->charts->len; i++)
    if (!ss_chart_is_xy (g_ptr_array_index (self->charts, i)))
      ss_chart_set_margins (g_ptr_array_index (self->charts, i), left, right);
  ss_chart_set_margins (SS_CHART (self->ruler), left, right);
}

/* The key of the chart each column of @m goes on, NULL where it is not
 * shown: the user's choice for the scenario, else the default. */
static GPtrArray *
column_keys (SsPlotStack *self, const ss_model *m)
{
  GPtrArray *keys = g_ptr_array_new_with_free_func (g_free);

  for (int i = 0; i < ss_model_n_columns (m); i++)
    g_ptr_array_add (keys, _ss_plot_stack_is_shown (self, m, i) ? _ss_plot_stack_chart_key_of (self, m, i) : NULL);
  return keys;
}

/* Every chart anew for self->model and the choices. */
void
_ss_plot_stack_rebuild (SsPlotStack *self)
{
  const ss_model *m = self->model;
  g_autoptr(GPtrArray) keys = NULL;

  clear_charts (self);
  if (m == NULL)
    return;
  _ss_plot_stack_fill_add_menu (self, m);
  /* the charts against time of the columns shown, each with its Add
   * Signal and Remove Signal menus */
  keys = column_keys (self, m);
  _ss_plot_stack_build_time_charts (self, m, keys);
  for (guint i = 0; i < self->charts->len; i++)
    _ss_plot_stack_set_chart_menu (self, g_ptr_array_index (self->charts, i), m, keys);
  for (guint i = 0; i < self->xy_pairs->len; i++)
    {
      g_auto(GStrv) pair = g_strsplit (g_ptr_array_index (self->xy_pairs, i), "\t", 2);
      int x = ss_model_column_find (m, pair[0]), y = ss_model_column_find (m, pair[1]);

      if (x >= 0 && y >= 0)
        _ss_plot_stack_build_xy_chart (self, m, x, y);
    }
  _ss_plot_stack_apply_layout (self);
  /* the legend naming the runs on the top chart against time */
  for (guint i = 0; i < self->charts->len; i++)
    if (!ss_chart_is_xy (g_ptr_array_index (self->charts, i)))
      {
        _ss_plot_stack_add_run_legend (self, g_ptr_array_index (self->charts, i));
        break;
      }
  _ss_plot_stack_apply_hidden_curves (self);
  align_charts (self);
}

/* After the user changed what is shown: charts anew, with the runs. */
void
_ss_plot_stack_columns_changed (SsPlotStack *self)
{
  _ss_plot_stack_save_choices (self);
  _ss_plot_stack_rebuild (self);
  ss_plot_stack_set_datasets (self, self->current, self->ghost);
  g_signal_emit (self, signals[COLUMNS_CHANGED], 0);
}

/* ---- the stack ------------------------------------------------------ */

/* Builds the charts of @m's columns: what the user chose for @m's scenario
 * (GSettings "signals"), else the default charts.  The stack keeps a copy
 * of the model's description, not @m. */
void
ss_plot_stack_set_model (SsPlotStack *self, const ss_model *m)
{
  g_autofree char *signature = NULL;
  const char      *old_scenario = self->model != NULL ? ss_model_scenario (self->model)->name : NULL;

  g_return_if_fail (SS_IS_PLOT_STACK (self));

  signature = m ? model_signature (m) : NULL;
  if (g_strcmp0 (signature, self->signature) == 0)
    return;
  g_free (self->signature);
  self->signature = g_steal_pointer (&signature);
  if (m == NULL || g_strcmp0 (old_scenario, ss_model_scenario (m)->name) != 0)
    {
      if (m != NULL)
        _ss_plot_stack_load_choices (self, ss_model_scenario (m)->name);
      /* another scenario's charts start at the top, every curve shown */
      g_hash_table_remove_all (self->hidden_curves);
      gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (self->scroller)), 0);
    }
  g_clear_pointer (&self->model, ss_model_free);
  if (m != NULL)
    {
      const ss_scenario *sc = ss_model_scenario (m);

      self->model = sc->create (sc, ss_model_values (m), NULL);
    }
  _ss_plot_stack_rebuild (self);
  g_signal_emit (self, signals[COLUMNS_CHANGED], 0);
}

/* The stack's copy of the model it shows the columns of, or NULL. */
const ss_model *
ss_plot_stack_get_model (SsPlotStack *self)
{
  g_return_val_if_fail (SS_IS_PLOT_STACK (self), NULL);
  return self->model;
}

SsTimeAxis *
ss_plot_stack_get_time_axis (SsPlotStack *self)
{
  return self->time_axis;
}

/* Charts against time first, then the characteristic plots. */
guint
ss_plot_stack_get_n_charts (SsPlotStack *self)
{
  return self->charts->len;
}

SsChart *
ss_plot_stack_get_chart (SsPlotStack *self, guint index)
{
  g_return_val_if_fail (index < self->charts->len, NULL);
  return g_ptr_array_index (self->charts, index);
}

/* The time axis's labels under the scrolled charts. */
SsChart *
ss_plot_stack_get_ruler (SsPlotStack *self)
{
  return SS_CHART (self->ruler);
}

/* ---- size -------------------------------------------------------------- */

static GtkSizeRequestMode
ss_plot_stack_get_request_mode (GtkWidget *widget)
{
  (void)widget;
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

/* The scrolled charts at least as tall as the tallest chart, up to
 * MIN_VIEW_HEIGHT, over the time axis: a chart can be scrolled wholly into
 * view, whatever else the window shows, unless its legend's rows make it
 * taller than that (a narrow window's); a taller one scrolls, and a window
 * 500 px high (800 × 500 logical pixels at GDK_SCALE=2) still takes the
 * stack with the mechanism.  The scrolled window's own minimum (its
 * scrollbar's) lies inside that, not on top of it. */
#define MIN_VIEW_HEIGHT 200 /* px */

static void
ss_plot_stack_measure (GtkWidget     *widget,
                       GtkOrientation orientation,
                       int            for_size,
                       int           *minimum,
                       int           *natural,
                       int           *minimum_baseline,
                       int           *natural_baseline)
{
  SsPlotStack *self = SS_PLOT_STACK (widget);
  int          tallest = 0, scroller = 0;

  gtk_widget_measure (self->box, orientation, for_size, minimum, natural, minimum_baseline, natural_baseline);
  if (orientation != GTK_ORIENTATION_VERTICAL)
    return;
  gtk_widget_measure (self->scroller, orientation, for_size, &scroller, NULL, NULL, NULL);
  for (guint i = 0; i < self->charts->len; i++)
    {
      GtkWidget *chart = g_ptr_array_index (self->charts, i);
      int        chart_min = 0, chart_nat = 0;
      /* no width given: as wide as GTK's consistency check measures */
      int width = for_size > 0 ? MAX (1, for_size - gtk_widget_get_margin_start (self->charts_box) -
                                             gtk_widget_get_margin_end (self->charts_box))
                               : 1048576;

      gtk_widget_measure (chart, GTK_ORIENTATION_VERTICAL, width, &chart_min, &chart_nat, NULL, NULL);
      tallest = MAX (tallest, chart_min);
    }
  tallest = MIN (tallest, MIN_VIEW_HEIGHT) + gtk_widget_get_margin_top (self->charts_box) + 2;
  *minimum += MAX (tallest - scroller, 0);
  *natural = MAX (*natural, *minimum);
}

static void
ss_plot_stack_size_allocate (GtkWidget *widget, int width, int height, int baseline)
{
  gtk_widget_allocate (SS_PLOT_STACK (widget)->box, width, height, baseline, NULL);
}

/* ---- lifecycle ------------------------------------------------------ */

static void
ss_plot_stack_dispose (GObject *object)
{
  SsPlotStack *self = (SsPlotStack *)object;

  if (self->reveal_tick != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->reveal_tick);
  self->reveal_tick = 0;
  g_clear_weak_pointer (&self->reveal_target);
  g_clear_pointer (&self->box, gtk_widget_unparent);
  g_clear_pointer (&self->charts, g_ptr_array_unref);
  g_clear_pointer (&self->series, g_ptr_array_unref);
  g_clear_pointer (&self->ghost_series, g_ptr_array_unref);
  g_clear_pointer (&self->ghost_layers, g_ptr_array_unref);
  g_clear_pointer (&self->pin_layers, g_ptr_array_unref);
  g_clear_pointer (&self->pins, g_ptr_array_unref);
  g_clear_pointer (&self->run_layers, g_ptr_array_unref);
  g_clear_pointer (&self->xy_layers, g_ptr_array_unref);
  g_clear_pointer (&self->xy_pairs, g_ptr_array_unref);
  g_clear_object (&self->add_menu);
  g_clear_object (&self->current);
  g_clear_object (&self->ghost);
  g_clear_pointer (&self->signature, g_free);
  g_clear_object (&self->time_axis);
  g_clear_pointer (&self->model, ss_model_free);
  g_clear_object (&self->settings);
  g_clear_pointer (&self->shown, g_hash_table_unref);
  g_clear_pointer (&self->hidden, g_hash_table_unref);
  g_clear_pointer (&self->hidden_curves, g_hash_table_unref);

  G_OBJECT_CLASS (ss_plot_stack_parent_class)->dispose (object);
}

static void
ss_plot_stack_class_init (SsPlotStackClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = ss_plot_stack_dispose;

  /* a click on a chart that did not drag: the time it names */
  signals[TIME_CLICKED] = g_signal_new ("time-clicked", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                                        NULL, G_TYPE_NONE, 1, G_TYPE_DOUBLE);
  /* the charts were built anew: another model, or other columns shown */
  signals[COLUMNS_CHANGED] = g_signal_new ("columns-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                           NULL, NULL, G_TYPE_NONE, 0);

  _ss_plot_stack_xy_class_init (widget_class);
  _ss_plot_stack_columns_class_init (widget_class);
  widget_class->get_request_mode = ss_plot_stack_get_request_mode;
  widget_class->measure = ss_plot_stack_measure;
  widget_class->size_allocate = ss_plot_stack_size_allocate;
  gtk_widget_class_set_css_name (widget_class, "plotstack");
}

static void
ss_plot_stack_init (SsPlotStack *self)
{
  self->reveal = NAN;
  self->time_axis = ss_time_axis_new ();
  self->charts = g_ptr_array_new ();
  self->series = g_ptr_array_new_with_free_func (g_object_unref);
  self->ghost_series = g_ptr_array_new_with_free_func (g_object_unref);
  self->ghost_layers = g_ptr_array_new_with_free_func (g_object_unref);
  self->pin_layers = g_ptr_array_new_with_free_func (g_object_unref);
  self->pins = g_ptr_array_new_with_free_func (_ss_plot_stack_pin_free);
  self->run_layers = g_ptr_array_new_with_free_func (g_object_unref);
  self->xy_layers = g_ptr_array_new_with_free_func (g_object_unref);
  self->xy_pairs = g_ptr_array_new_with_free_func (g_free);
  self->add_menu = g_menu_new ();
  self->show_ghost = TRUE;
  self->shown = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->hidden = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->hidden_curves = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->settings = ss_settings_new ();

  self->box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  gtk_widget_set_parent (self->box, GTK_WIDGET (self));

  self->scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (self->scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_widget_set_vexpand (self->scroller, TRUE);
  gtk_box_append (GTK_BOX (self->box), self->scroller);
  self->charts_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  gtk_widget_set_margin_start (self->charts_box, 6);
  gtk_widget_set_margin_end (self->charts_box, 6);
  /* clear of the grab area of the handle of the paned above the stack,
   * which takes presses some px below the handle */
  gtk_widget_set_margin_top (self->charts_box, 12);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->scroller), self->charts_box);

  /* always in view, whatever the window's height; the gestures' help in
   * the corner under the value axes */
  self->ruler = ss_chart_new_ruler (self->time_axis);
  gtk_widget_set_margin_start (self->ruler, 6);
  gtk_widget_set_margin_end (self->ruler, 6);
  gtk_widget_set_margin_bottom (self->ruler, 4);
  g_signal_connect_swapped (self->ruler, "time-clicked", G_CALLBACK (chart_time_clicked_cb), self);
  {
    GtkWidget *overlay = gtk_overlay_new ();
    GtkWidget *help = gtk_button_new_from_icon_name ("help-about-symbolic");

    gtk_overlay_set_child (GTK_OVERLAY (overlay), self->ruler);
    gtk_widget_set_halign (help, GTK_ALIGN_START);
    gtk_widget_set_valign (help, GTK_ALIGN_CENTER);
    gtk_widget_set_margin_start (help, 8);
    gtk_widget_add_css_class (help, "flat");
    gtk_widget_add_css_class (help, "circular");
    gtk_actionable_set_action_name (GTK_ACTIONABLE (help), "win.show-help-overlay");
    gtk_widget_set_tooltip_text (help, _("Chart Gestures and Keyboard Shortcuts"));
    gtk_overlay_add_overlay (GTK_OVERLAY (overlay), help);
    gtk_box_append (GTK_BOX (self->box), overlay);
  }
}

GtkWidget *
ss_plot_stack_new (void)
{
  return g_object_new (SS_TYPE_PLOT_STACK, NULL);
}

/* "Reveal curves as they play": the current run's curves end at @t, the
 * playhead; NaN shows the whole run.  Pinned and previous runs stay whole. */
void
ss_plot_stack_set_reveal_time (SsPlotStack *self, double t)
{
  g_return_if_fail (SS_IS_PLOT_STACK (self));

  if (t == self->reveal || (isnan (t) && isnan (self->reveal)))
    return;
  self->reveal = t;
  for (guint i = 0; i < self->series->len; i++)
    ss_series_set_reveal_end (g_ptr_array_index (self->series, i), t);
  for (guint i = 0; i < self->charts->len; i++)
    gtk_widget_queue_draw (g_ptr_array_index (self->charts, i));
}

double
ss_plot_stack_get_reveal_time (SsPlotStack *self)
{
  g_return_val_if_fail (SS_IS_PLOT_STACK (self), NAN);

  return self->reveal;
}

/* ---- published values on the charts (ss-marker-layer.c) --------------- */

/* Marks @markers (SsMarker; NULL or empty: none) on the charts against
 * time, each on the chart that draws its column's curve of the current run
 * (on that curve), the others on the first chart.  The charts are rebuilt
 * for a model with other columns: call it again after
 * ss_plot_stack_set_model() (it changes nothing when nothing moved). */
void
ss_plot_stack_set_markers (SsPlotStack *self, GPtrArray *markers)
{
  g_autoptr(GPtrArray) layers = g_ptr_array_new ();

  g_return_if_fail (SS_IS_PLOT_STACK (self));

  for (guint i = 0; i < self->charts->len; i++)
    {
      SsChart      *chart = g_ptr_array_index (self->charts, i);
      GPtrArray    *chart_layers = ss_chart_get_layers (chart);
      SsChartLayer *found = NULL;

      if (ss_chart_is_xy (chart))
        continue;
      for (guint k = 0; k < chart_layers->len && found == NULL; k++)
        if (SS_IS_MARKER_LAYER (g_ptr_array_index (chart_layers, k)))
          found = g_ptr_array_index (chart_layers, k);
      if (found == NULL)
        {
          g_autoptr(SsChartLayer) layer = ss_marker_layer_new ();

          /* Translators: legend entry of the diamonds that mark a paper's
           * published values on the charts */
          ss_chart_layer_set_title (layer, _("published"));
          ss_chart_add_layer (chart, layer);
          found = layer;
        }
      g_ptr_array_add (layers, found);
    }
  if (layers->len == 0)
    return;

  for (guint i = 0; i < layers->len; i++)
    {
      SsMarkerLayer *layer = g_ptr_array_index (layers, i);
      SsChart       *chart = NULL;
      g_autoptr(GPtrArray) mine = g_ptr_array_new ();
      g_autoptr(GPtrArray) on = g_ptr_array_new ();

      for (guint c = 0; c < self->charts->len && chart == NULL; c++)
        if (g_ptr_array_find (ss_chart_get_layers (g_ptr_array_index (self->charts, c)), layer, NULL))
          chart = g_ptr_array_index (self->charts, c);
      for (guint m = 0; markers != NULL && m < markers->len; m++)
        {
          SsMarker *marker = g_ptr_array_index (markers, m);
          SsChart  *home = g_ptr_array_index (self->charts, 0);
          SsSeries *series = NULL;

          /* the chart with the live curve of its column */
          for (guint c = 0; c < self->charts->len && series == NULL && marker->column != NULL; c++)
            {
              GPtrArray *chart_layers = ss_chart_get_layers (g_ptr_array_index (self->charts, c));

              for (guint k = 0; k < chart_layers->len && series == NULL; k++)
                {
                  SsChartLayer *l = g_ptr_array_index (chart_layers, k);

                  if (SS_IS_LINE_LAYER (l) && ss_chart_layer_get_in_legend (l) &&
                      g_strcmp0 (ss_series_get_column (ss_line_layer_get_series (SS_LINE_LAYER (l))), marker->column) ==
                          0)
                    {
                      series = ss_line_layer_get_series (SS_LINE_LAYER (l));
                      home = g_ptr_array_index (self->charts, c);
                    }
                }
            }
          if (home != chart)
            continue;
          g_ptr_array_add (mine, marker);
          g_ptr_array_add (on, series);
        }
      ss_marker_layer_set_markers (layer, mine, on);
    }
}
