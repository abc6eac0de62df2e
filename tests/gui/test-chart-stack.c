/* test-chart-stack.c - the stack of charts in the window at the sizes
 * users have (1024×700, 1280×820, 1600×1000): for every scenario, with and
 * without the side panel, two pinned runs and the cursors' readout, every
 * chart keeps at least its minimum plot height, its legend above its plot,
 * inside the scrolled stack (read from the allocations); a legend click
 * (real X input through xdotool) hides and shows its curve and leaves the
 * playhead, a click in the plot moves it; the legends keep still while
 * their readouts change; the wheel scrolls the stack over
 * a legend and zooms time over a plot; a characteristic plot added is
 * scrolled into view; the layout the user makes is kept per scenario; the
 * top chart cannot move up in its context menu, the bottom one down; the
 * context menu and its submenus, and the main menu, lie inside a
 * 1024×700 window; at
 * 1024×700, in English and Polish, the side panel lies beside the charts,
 * the parameters making room for it; in a window 600 px tall the
 * mechanism makes room for the charts. */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <locale.h>
#include <gdk/x11/gdkx.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ss-line-layer.h"
#include "ss-resources.h"
#include "ss-settings.h"
#include "ss-window-private.h"
#include "test-gui-util.h"
#include <stickslip/stickslip.h>

static const int sizes[][2] = { { 1024, 700 }, { 1280, 820 }, { 1600, 1000 } };

/* ---- helpers ------------------------------------------------------------ */

/* Frames drawn and laid out until nothing is left to do (a legend's room
 * may grow once, a resize follows). */
static void
settle (SsWindow *window)
{
  /* three frames, and then until the stack has scrolled what was added
   * into view (a pin, a chart): that scroll runs from frame to frame and
   * would move the charts under a click (at most its 30 frames and more) */
  for (int i = 0; i < 3 || (i < 64 && ss_plot_stack_get_revealing (ss_window_get_plot_stack (window)) != NULL); i++)
    {
      gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
      /* the charts' bodies drawn off the main thread, and their legends'
       * rooms sampled with them */
      ss_chart_wait_renders ();
      while (g_main_context_pending (NULL))
        g_main_context_iteration (NULL, FALSE);
    }
}

/* Button releases and scroll events the window has seen: a test waits
 * for its input to arrive, however busy the X server. */
static guint n_releases, n_scrolls, n_motions, n_presses;

static gboolean
count_event_cb (GtkEventControllerLegacy *controller, GdkEvent *event, gpointer data)
{
  (void)controller;
  (void)data;
  if (gdk_event_get_event_type (event) == GDK_BUTTON_RELEASE)
    n_releases++;
  else if (gdk_event_get_event_type (event) == GDK_BUTTON_PRESS)
    n_presses++;
  else if (gdk_event_get_event_type (event) == GDK_SCROLL)
    n_scrolls++;
  else if (gdk_event_get_event_type (event) == GDK_MOTION_NOTIFY)
    n_motions++;
  return FALSE;
}

static void
wait_count (SsWindow *window, const guint *counter, guint target)
{
  test_wait wait = test_wait_start ("the counted events");

  while (*counter < target)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
      test_wait_tick (&wait);
    }
  settle (window);
}

static SsWindow *
open_window (int width, int height)
{
  SsWindow *window = ss_window_new (NULL);
  test_wait wait = test_wait_start ("the window mapped");

  GtkEventController *counter = gtk_event_controller_legacy_new ();

  gtk_event_controller_set_propagation_phase (counter, GTK_PHASE_CAPTURE);
  g_signal_connect (counter, "event", G_CALLBACK (count_event_cb), NULL);
  gtk_widget_add_controller (GTK_WIDGET (window), counter);
  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  /* a pin of an earlier test opened the side panel (a setting) */
  gtk_toggle_button_set_active (window->panel_button, FALSE);
  gtk_window_present (GTK_WINDOW (window));
  while (!gtk_widget_get_mapped (GTK_WIDGET (window)) || gtk_widget_get_width (GTK_WIDGET (window)) <= 0)
    {
      g_main_context_iteration (NULL, FALSE);
      test_wait_tick (&wait);
    }
  settle (window);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), <=, width);
  g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (window)), <=, height);
  return window;
}

/* The pointer onto @widget's point (x, y), X window coordinates. */
static void
pointer_to (SsWindow *window, GtkWidget *widget, double x, double y)
{
  graphene_point_t in = GRAPHENE_POINT_INIT (x, y), out;
  double           sx, sy;
  gulong           xid = (gulong)gdk_x11_surface_get_xid (gtk_native_get_surface (GTK_NATIVE (window)));

  g_assert_true (gtk_widget_compute_point (widget, GTK_WIDGET (window), &in, &out));
  gtk_native_get_surface_transform (GTK_NATIVE (window), &sx, &sy);
  test_gui_xdo ("mousemove --window %lu %d %d", xid, (int)round (out.x + sx), (int)round (out.y + sy));
  settle (window);
}

static void
click_at (SsWindow *window, GtkWidget *widget, double x, double y)
{
  guint releases = n_releases;

  pointer_to (window, widget, x, y);
  test_gui_xdo ("click 1");
  wait_count (window, &n_releases, releases + 1);
}

static GtkAdjustment *
stack_vadjustment (SsPlotStack *stack)
{
  return gtk_scrolled_window_get_vadjustment (ss_plot_stack_get_scroller (stack));
}

/* @chart's place in the scrolled content, px. */
static void
content_bounds (SsPlotStack *stack, SsChart *chart, graphene_rect_t *bounds)
{
  GtkWidget *box = ss_plot_stack_get_charts_box (stack);

  g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (chart), box, bounds));
  bounds->origin.y += gtk_widget_get_margin_top (box);
}

/* The current run's line of @column on @chart. */
static SsChartLayer *
find_line (SsChart *chart, const char *column)
{
  GPtrArray *layers = ss_chart_get_layers (chart);

  for (guint i = 0; i < layers->len; i++)
    {
      SsChartLayer *layer = g_ptr_array_index (layers, i);

      if (SS_IS_LINE_LAYER (layer) && ss_chart_layer_get_in_legend (layer) &&
          g_strcmp0 (ss_series_get_column (ss_line_layer_get_series (SS_LINE_LAYER (layer))), column) == 0)
        return layer;
    }
  g_assert_not_reached ();
}

/* ---- every chart readable --------------------------------------------- */

/* Every chart shown: a plot at least SS_CHART_MIN_PLOT_HEIGHT tall and
 * wide enough, under its whole legend, inside the chart, the chart inside
 * the stack's scrolled content, all of which the scroll reaches, and no
 * taller than the view (it can be seen whole); the time axis's labels in
 * the window. */
static void
check_charts (SsWindow *window, const char *what)
{
  SsPlotStack    *stack = ss_window_get_plot_stack (window);
  GtkWidget      *box = ss_plot_stack_get_charts_box (stack);
  GtkAdjustment  *vadj = stack_vadjustment (stack);
  double          content = gtk_widget_get_height (box) + gtk_widget_get_margin_top (box);
  graphene_rect_t ruler;
  guint           n = ss_plot_stack_get_n_charts (stack);

  g_assert_cmpuint (n, >, 0);
  for (guint i = 0; i < n; i++)
    {
      SsChart        *chart = ss_plot_stack_get_chart (stack, i);
      GPtrArray      *layers = ss_chart_get_layers (chart);
      graphene_rect_t plot, bounds;
      double          legend_bottom = 0;

      g_assert_false (ss_chart_get_collapsed (chart));
      ss_chart_get_plot_area (chart, &plot);
      content_bounds (stack, chart, &bounds);
      for (guint k = 0; k < layers->len; k++)
        {
          graphene_rect_t entry;

          if (ss_chart_get_legend_entry (chart, g_ptr_array_index (layers, k), &entry))
            legend_bottom = MAX (legend_bottom, entry.origin.y + entry.size.height);
        }
      if (plot.size.height < SS_CHART_MIN_PLOT_HEIGHT || plot.origin.y < legend_bottom - 1 ||
          plot.origin.y + plot.size.height > bounds.size.height || bounds.origin.y < 0 ||
          bounds.origin.y + bounds.size.height > content + 0.5 || plot.size.width < 200 ||
          bounds.size.height > gtk_adjustment_get_page_size (vadj) + 0.5)
        g_error ("%s: chart %u \"%s\" (%g x %g at y %g in the content of %g px, a view of %g px): plot %g x %g at "
                 "y %g, legend to y %g",
                 what, i, ss_chart_get_title (chart), bounds.size.width, bounds.size.height, bounds.origin.y, content,
                 gtk_adjustment_get_page_size (vadj), plot.size.width, plot.size.height, plot.origin.y, legend_bottom);
    }
  /* the scroll reaches the last chart's end */
  g_assert_cmpfloat (gtk_adjustment_get_upper (vadj), >=, content - 0.5);
  /* the time axis's labels stay in the window */
  g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (ss_plot_stack_get_ruler (stack)), GTK_WIDGET (window), &ruler));
  g_assert_cmpfloat (ruler.size.height, >, 0);
  g_assert_cmpfloat (ruler.origin.y + ruler.size.height, <=, gtk_widget_get_height (GTK_WIDGET (window)));
}

static void
test_layout (gconstpointer data)
{
  const int *size = data;
  SsWindow  *window = open_window (size[0], size[1]);
  SsRunList *list = ss_window_get_run_list (window);

  for (int s = 0; s < ss_scenario_count (); s++)
    {
      const ss_scenario *sc = ss_scenario_get (s);

      g_assert_true (ss_window_set_scenario (window, sc->name));
      test_gui_wait_idle (ss_window_get_simulation (window));
      ss_simulation_set_time (ss_window_get_simulation (window), sc->t_end / 3);
      for (int panel = 0; panel < 2; panel++)
        for (int extras = 0; extras < 2; extras++)
          {
            g_autofree char *what =
                g_strdup_printf ("%dx%d %s%s%s", size[0], size[1], sc->name, panel ? ", side panel" : "",
                                 extras ? ", two pinned runs, cursors' readout" : "");

            gtk_toggle_button_set_active (window->panel_button, panel);
            if (extras)
              {
                g_assert_nonnull (ss_window_pin_run (window));
                g_assert_nonnull (ss_window_pin_run (window));
                test_gui_wait_runs (list);
                ss_window_set_cursors (window, sc->t_end / 4, sc->t_end / 2);
                /* the first pin opens the side panel */
                gtk_toggle_button_set_active (window->panel_button, panel);
              }
            else
              {
                ss_window_clear_runs (window);
                gtk_toggle_button_set_active (window->cursors_button, FALSE);
              }
            settle (window);
            g_test_message ("%s: %u charts, stack %d px high", what,
                            ss_plot_stack_get_n_charts (ss_window_get_plot_stack (window)),
                            gtk_widget_get_height (GTK_WIDGET (ss_window_get_plot_stack (window))));
            check_charts (window, what);
            /* from 1280 px the side panel lies beside the charts, not over them */
            if (panel && size[0] >= 1280 && adw_flap_get_folded (window->panel_flap))
              g_error ("%s: the side panel lies over the charts", what);
          }
      ss_window_clear_runs (window);
      gtk_toggle_button_set_active (window->cursors_button, FALSE);
    }
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A short window (1024×600): the mechanism yields height down to its
 * minimum before the charts go below theirs, with two pins and the
 * cursors' readout too. */
static void
test_short_window (void)
{
  SsWindow  *window = open_window (1024, 600);
  SsRunList *list = ss_window_get_run_list (window);

  for (int s = 0; s < ss_scenario_count (); s++)
    {
      const ss_scenario *sc = ss_scenario_get (s);
      g_autofree char   *what = g_strdup_printf ("1024x600 %s, two pinned runs, cursors' readout", sc->name);

      g_assert_true (ss_window_set_scenario (window, sc->name));
      test_gui_wait_idle (ss_window_get_simulation (window));
      g_assert_nonnull (ss_window_pin_run (window));
      g_assert_nonnull (ss_window_pin_run (window));
      test_gui_wait_runs (list);
      ss_window_set_cursors (window, sc->t_end / 4, sc->t_end / 2);
      gtk_toggle_button_set_active (window->panel_button, FALSE);
      settle (window);
      check_charts (window, what);
      ss_window_clear_runs (window);
      gtk_toggle_button_set_active (window->cursors_button, FALSE);
    }
  gtk_window_destroy (GTK_WINDOW (window));
}

/* ---- the side panel beside the charts ---------------------------------- */

/* @widget's place in the window, px. */
static void
window_bounds (SsWindow *window, GtkWidget *widget, graphene_rect_t *bounds)
{
  g_assert_true (gtk_widget_compute_bounds (widget, GTK_WIDGET (window), bounds));
}

/* The side panel open lies beside the charts (and the parameters, when
 * they have not yielded to it), over none of them, whole (at least its
 * minimum width) and inside the window; the charts keep a readable width. */
static void
check_side_panel (SsWindow *window, const char *what)
{
  GtkWidget      *panel = gtk_widget_get_parent (GTK_WIDGET (window->panel_stack));
  graphene_rect_t side, charts, params = GRAPHENE_RECT_INIT (0, 0, 0, 0);
  int             min = 0;

  g_assert_true (gtk_toggle_button_get_active (window->panel_button));
  window_bounds (window, panel, &side);
  window_bounds (window, GTK_WIDGET (ss_window_get_plot_stack (window)), &charts);
  if (gtk_widget_get_visible (window->sidebar))
    window_bounds (window, window->sidebar, &params);
  gtk_widget_measure (panel, GTK_ORIENTATION_HORIZONTAL, -1, &min, NULL, NULL, NULL);
  if (adw_flap_get_folded (window->panel_flap) || graphene_rect_intersection (&side, &charts, NULL) ||
      graphene_rect_intersection (&side, &params, NULL) || graphene_rect_intersection (&params, &charts, NULL) ||
      side.size.width < min - 0.5 ||
      side.origin.x + side.size.width > gtk_widget_get_width (GTK_WIDGET (window)) + 0.5 || charts.size.width < 480)
    g_error ("%s: the side panel (x %g, %g px wide, at least %d) and the charts (x %g, %g px) and the parameters "
             "(x %g, %g px) in a window %d px wide",
             what, side.origin.x, side.size.width, min, charts.origin.x, charts.size.width, params.origin.x,
             params.size.width, gtk_widget_get_width (GTK_WIDGET (window)));
}

/* The event list's filters show the entries chosen whole (side by side,
 * or one under the other where their names are long). */
static void
check_filters_whole (GtkWidget *widget, const char *what)
{
  if (GTK_IS_DROP_DOWN (widget))
    {
      int nat = 0;

      gtk_widget_measure (widget, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &nat, NULL, NULL);
      if (gtk_widget_get_width (widget) < nat)
        g_error ("%s: an event filter %d px wide, its entry needs %d px", what, gtk_widget_get_width (widget), nat);
      return;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    check_filters_whole (child, what);
}

/* The metrics table of one run fits the side panel's width: names wrap,
 * units go with the values, nothing to scroll sideways to. */
static GtkWidget *
find_column_view (GtkWidget *widget)
{
  if (GTK_IS_COLUMN_VIEW (widget))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_column_view (child);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static void
check_metrics_fit (SsWindow *window, const char *what)
{
  GtkWidget     *view = find_column_view (GTK_WIDGET (window->metrics_panel));
  GtkAdjustment *across = gtk_scrollable_get_hadjustment (GTK_SCROLLABLE (view));

  if (gtk_adjustment_get_upper (across) > gtk_adjustment_get_page_size (across) + 0.5)
    g_error ("%s: the metrics table is %g px wide in %g px", what, gtk_adjustment_get_upper (across),
             gtk_adjustment_get_page_size (across));
}

/* At 1024×700, in English and in Polish (longer words), with the
 * parameters shown: the side panel on each of its tabs lies beside the
 * charts, not over them, in every scenario, its event filters whole, its
 * metrics table within its width; the
 * parameters make room for it and come back when it closes.  The
 * parameters shown again while it is open close it instead. */
static void
test_side_panel_beside (gconstpointer data)
{
  const char       *language = data;
  const char *const tabs[] = { "runs", "events", "metrics", "example" };
  SsWindow         *window;
  g_autofree char  *messages = NULL;

  /* the build's catalogues, as the application binds them (_() reads the
   * default domain); LANGUAGE is read while LC_MESSAGES is not "C" */
  bindtextdomain (GETTEXT_PACKAGE, BUILD_LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  messages = g_strdup (setlocale (LC_MESSAGES, NULL));
  g_assert_nonnull (setlocale (LC_MESSAGES, "C.UTF-8"));
  g_setenv ("LANGUAGE", language, TRUE);
  if (g_str_equal (language, "pl"))
    g_assert_cmpstr (_("All events"), ==, "Wszystkie zdarzenia");

  window = open_window (1024, 700);
  gtk_toggle_button_set_active (window->sidebar_button, TRUE);
  for (int s = 0; s < ss_scenario_count (); s++)
    {
      const ss_scenario *sc = ss_scenario_get (s);

      g_assert_true (ss_window_set_scenario (window, sc->name));
      test_gui_wait_idle (ss_window_get_simulation (window));
      gtk_toggle_button_set_active (window->panel_button, TRUE);
      for (guint t = 0; t < G_N_ELEMENTS (tabs); t++)
        {
          g_autofree char *what = g_strdup_printf ("1024x700 %s, %s, side panel on %s", language, sc->name, tabs[t]);

          adw_view_stack_set_visible_child_name (window->panel_stack, tabs[t]);
          settle (window);
          check_side_panel (window, what);
          if (t == 1)
            check_filters_whole (GTK_WIDGET (window->event_list), what);
          if (t == 2)
            check_metrics_fit (window, what);
        }
      gtk_toggle_button_set_active (window->panel_button, FALSE);
      settle (window);
      g_assert_true (gtk_widget_get_visible (window->sidebar));
    }
  /* the parameters asked for: the side panel closes, nothing overlaid */
  gtk_toggle_button_set_active (window->panel_button, TRUE);
  settle (window);
  check_side_panel (window, "the side panel opened");
  gtk_toggle_button_set_active (window->sidebar_button, TRUE);
  settle (window);
  g_assert_true (gtk_widget_get_visible (window->sidebar));
  g_assert_false (gtk_toggle_button_get_active (window->panel_button));
  gtk_window_destroy (GTK_WINDOW (window));
  g_setenv ("LANGUAGE", "C", TRUE);
  setlocale (LC_MESSAGES, messages);
}

/* ---- legend clicks -------------------------------------------------- */

/* A click on a legend entry hides its curve (and its previous run's), a
 * second shows it again; the playhead stays.  A click in the plot moves
 * the playhead. */
static void
test_legend_click (void)
{
  SsWindow       *window = open_window (1280, 820);
  SsSimulation   *sim = ss_window_get_simulation (window);
  SsPlotStack    *stack = ss_window_get_plot_stack (window);
  SsTimeAxis     *axis = ss_plot_stack_get_time_axis (stack);
  SsChart        *chart;
  SsChartLayer   *line;
  graphene_rect_t entry, plot;
  double          lo, hi, lo_without, hi_without;

  g_assert_true (ss_window_set_scenario (window, "one-mass"));
  test_gui_wait_idle (sim);
  ss_simulation_set_time (sim, 3.0);
  gtk_adjustment_set_value (stack_vadjustment (stack), 0);
  settle (window);
  chart = ss_plot_stack_get_column_chart (stack, "spring.F");
  g_assert_nonnull (chart);
  line = find_line (chart, "spring.F");
  g_assert_true (ss_chart_get_y_range (chart, &lo, &hi));
  /* in view */
  {
    graphene_rect_t bounds;

    content_bounds (stack, chart, &bounds);
    /* not at the top: the presses just under the handle of the paned
     * above the stack are the paned's */
    gtk_adjustment_set_value (stack_vadjustment (stack), bounds.origin.y - 40);
    settle (window);
  }
  ss_chart_get_plot_area (chart, &plot);
  g_assert_true (ss_chart_get_legend_entry (chart, line, &entry));
  g_test_message ("legend entry %g x %g at %g, %g; plot from y %g", entry.size.width, entry.size.height, entry.origin.x,
                  entry.origin.y, plot.origin.y);

  click_at (window, GTK_WIDGET (chart), entry.origin.x + entry.size.width / 2, entry.origin.y + entry.size.height / 2);
  g_assert_true (ss_chart_layer_get_hidden (line));
  g_assert_cmpfloat (ss_time_axis_get_playhead (axis), ==, 3.0);
  g_assert_cmpfloat (ss_simulation_get_time (sim), ==, 3.0);
  /* the curve is gone from the chart: its values no longer set the axis */
  g_assert_true (ss_chart_get_y_range (chart, &lo_without, &hi_without));
  g_assert_true (lo_without != lo || hi_without != hi);
  /* nor do the measurement cursors read it */
  {
    g_autoptr(GPtrArray) readings = ss_plot_stack_list_readings (stack);

    for (guint i = 0; i < readings->len; i++)
      g_assert_true (((SsPlotStackReading *)g_ptr_array_index (readings, i))->layer != SS_LINE_LAYER (line));
  }

  /* a click in the plot, a quarter of the way: the playhead goes there */
  ss_chart_get_plot_area (chart, &plot);
  click_at (window, GTK_WIDGET (chart), plot.origin.x + plot.size.width / 4, plot.origin.y + plot.size.height / 2);
  g_assert_cmpfloat_with_epsilon (ss_time_axis_get_playhead (axis), 2.5, 10.0 / plot.size.width * 2);
  g_assert_true (ss_chart_layer_get_hidden (line));

  /* still hidden on the charts built anew for a pinned run, and after */
  g_assert_nonnull (ss_window_pin_run (window));
  test_gui_wait_runs (ss_window_get_run_list (window));
  chart = ss_plot_stack_get_column_chart (stack, "spring.F");
  line = find_line (chart, "spring.F");
  g_assert_true (ss_chart_layer_get_hidden (line));
  ss_window_clear_runs (window);
  test_gui_wait_runs (ss_window_get_run_list (window));
  gtk_toggle_button_set_active (window->panel_button, FALSE);
  chart = ss_plot_stack_get_column_chart (stack, "spring.F");
  line = find_line (chart, "spring.F");
  g_assert_true (ss_chart_layer_get_hidden (line));
  /* the charts built anew are laid out before their places are read (a
   * chart not laid out yet is at 0, 0: the stack would scroll to the top
   * and the clicks miss it) */
  settle (window);
  {
    graphene_rect_t bounds;

    content_bounds (stack, chart, &bounds);
    gtk_adjustment_set_value (stack_vadjustment (stack), bounds.origin.y - 40);
    settle (window);
  }
  ss_chart_get_plot_area (chart, &plot);

  /* the entry stays where it was: a second click shows the curve again */
  g_assert_true (ss_chart_get_legend_entry (chart, line, &entry));
  click_at (window, GTK_WIDGET (chart), entry.origin.x + entry.size.width / 2, entry.origin.y + entry.size.height / 2);
  g_assert_false (ss_chart_layer_get_hidden (line));
  g_assert_cmpfloat_with_epsilon (ss_time_axis_get_playhead (axis), 2.5, 10.0 / plot.size.width * 2);

  /* a click in the plot, three quarters of the way: the playhead goes there */
  click_at (window, GTK_WIDGET (chart), plot.origin.x + plot.size.width * 3 / 4, plot.origin.y + plot.size.height / 2);
  g_assert_cmpfloat_with_epsilon (ss_time_axis_get_playhead (axis), 7.5, 10.0 / plot.size.width * 2);
  g_assert_false (ss_chart_layer_get_hidden (line));

  /* shown again, it stays shown on the charts built anew for a pin */
  g_assert_nonnull (ss_window_pin_run (window));
  test_gui_wait_runs (ss_window_get_run_list (window));
  chart = ss_plot_stack_get_column_chart (stack, "spring.F");
  g_assert_false (ss_chart_layer_get_hidden (find_line (chart, "spring.F")));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The layers drawing pinned run @slot (1 ..) on @chart, and whether all
 * of them are hidden; FALSE when there are none. */
static gboolean
pin_hidden (SsChart *chart, guint slot)
{
  GPtrArray *layers = ss_chart_get_layers (chart);
  guint      n = 0, hidden = 0;

  for (guint i = 0; i < layers->len; i++)
    if (GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (g_ptr_array_index (layers, i)), "ss-pin-slot")) == slot)
      {
        n++;
        hidden += ss_chart_layer_get_hidden (g_ptr_array_index (layers, i));
      }
  g_assert_cmpuint (n, >, 0);
  return hidden == n;
}

/* A pinned run hidden through its legend entry: once the pins are
 * cleared, a run pinned later in its place is shown. */
static void
test_pin_hidden_forgotten (void)
{
  SsWindow    *window = open_window (1280, 820);
  SsPlotStack *stack = ss_window_get_plot_stack (window);
  SsChart     *top;
  SsChart     *chart;
  GPtrArray   *layers;
  guint        runs = 0;

  g_assert_true (ss_window_set_scenario (window, "one-mass"));
  test_gui_wait_idle (ss_window_get_simulation (window));
  g_assert_nonnull (ss_window_pin_run (window));
  test_gui_wait_runs (ss_window_get_run_list (window));
  chart = ss_plot_stack_get_column_chart (stack, "spring.F");
  g_assert_false (pin_hidden (chart, 1));

  /* the top chart names the runs: current, then the pin */
  top = ss_plot_stack_get_chart (stack, 0);
  layers = ss_chart_get_layers (top);
  for (guint i = 0; i < layers->len; i++)
    {
      SsChartLayer *layer = g_ptr_array_index (layers, i);

      if (!SS_IS_LINE_LAYER (layer) || *ss_series_get_column (ss_line_layer_get_series (SS_LINE_LAYER (layer))) != '\0')
        continue;
      if (runs++ == 1)
        {
          /* what a click on the entry does */
          ss_chart_layer_set_hidden (layer, TRUE);
          g_signal_emit_by_name (top, "legend-toggled", layer);
        }
    }
  g_assert_cmpuint (runs, ==, 2);
  g_assert_true (pin_hidden (chart, 1));
  /* the pins cleared, the next one is another run */
  ss_window_clear_runs (window);
  test_gui_wait_runs (ss_window_get_run_list (window));
  g_assert_nonnull (ss_window_pin_run (window));
  test_gui_wait_runs (ss_window_get_run_list (window));
  chart = ss_plot_stack_get_column_chart (stack, "spring.F");
  g_assert_false (pin_hidden (chart, 1));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* ---- legends that keep still ------------------------------------------ */

/* The legends' readouts follow the hover cursor (and, paused, the
 * playhead): at every instant of the run each entry keeps its place and
 * each plot its height, so nothing jumps while the values change. */
static void
test_legend_steady (void)
{
  SsWindow    *window = open_window (1024, 700);
  SsPlotStack *stack = ss_window_get_plot_stack (window);
  SsTimeAxis  *axis = ss_plot_stack_get_time_axis (stack);
  const char  *scenarios[] = { "gear-train", "two-block", "slider-crank" };

  for (guint s = 0; s < G_N_ELEMENTS (scenarios); s++)
    {
      const ss_scenario *sc = ss_scenario_find (scenarios[s]);
      guint              n, moved = 0;
      g_autoptr(GArray) before = g_array_new (FALSE, FALSE, sizeof (graphene_rect_t));

      g_assert_true (ss_window_set_scenario (window, sc->name));
      test_gui_wait_idle (ss_window_get_simulation (window));
      settle (window);
      n = ss_plot_stack_get_n_charts (stack);
      ss_time_axis_set_cursor (axis, NAN);
      /* each chart's plot, then its legend entries */
      for (int k = 0; k <= 60; k++)
        {
          guint i = 0;

          if (k > 0)
            ss_time_axis_set_cursor (axis, sc->t_end * (k - 1) / 59.0);
          for (guint c = 0; c < n; c++)
            {
              SsChart        *chart = ss_plot_stack_get_chart (stack, c);
              GPtrArray      *layers = ss_chart_get_layers (chart);
              graphene_rect_t rect;

              ss_chart_get_plot_area (chart, &rect);
              if (k == 0)
                g_array_append_val (before, rect);
              else if (!graphene_rect_equal (&rect, &g_array_index (before, graphene_rect_t, i)))
                moved++;
              i++;
              for (guint l = 0; l < layers->len; l++)
                {
                  if (!ss_chart_get_legend_entry (chart, g_ptr_array_index (layers, l), &rect))
                    continue;
                  if (k == 0)
                    g_array_append_val (before, rect);
                  else if (!graphene_rect_equal (&rect, &g_array_index (before, graphene_rect_t, i)))
                    moved++;
                  i++;
                }
            }
          g_assert_cmpuint (i, ==, before->len);
        }
      g_test_message ("%s: %u plots and legend entries, %u moves over 60 instants", sc->name, before->len, moved);
      g_assert_cmpuint (moved, ==, 0);
      ss_time_axis_set_cursor (axis, NAN);
    }
  gtk_window_destroy (GTK_WINDOW (window));
}

/* ---- the wheel ---------------------------------------------------------- */

/* Beside a plot (over the value axis) the wheel scrolls the stack and
 * leaves the time axis; over a plot it zooms time and leaves the stack
 * where it is. */
static void
test_wheel (void)
{
  SsWindow       *window = open_window (1024, 700);
  SsPlotStack    *stack = ss_window_get_plot_stack (window);
  SsChart        *chart;
  GtkAdjustment  *vadj = stack_vadjustment (stack);
  graphene_rect_t plot;
  double          t0, t1, value;
  guint           scrolls;

  g_assert_true (ss_window_set_scenario (window, "gear-train"));
  test_gui_wait_idle (ss_window_get_simulation (window));
  gtk_adjustment_set_value (vadj, 0);
  settle (window);
  chart = ss_plot_stack_get_chart (stack, 0);
  ss_chart_get_plot_area (chart, &plot);
  g_assert_cmpfloat (gtk_adjustment_get_upper (vadj), >, gtk_adjustment_get_page_size (vadj));

  /* over the value axis's labels, left of the plot */
  pointer_to (window, GTK_WIDGET (chart), plot.origin.x / 2, plot.origin.y + plot.size.height / 2);
  scrolls = n_scrolls;
  test_gui_xdo ("click 5");
  wait_count (window, &n_scrolls, scrolls + 1);
  ss_time_axis_get_range (ss_plot_stack_get_time_axis (stack), &t0, &t1);
  g_assert_cmpfloat (gtk_adjustment_get_value (vadj), >, 0);
  g_assert_false (ss_time_axis_is_zoomed (ss_plot_stack_get_time_axis (stack)));

  /* over a plot */
  chart = ss_plot_stack_get_chart (stack, 1);
  ss_chart_get_plot_area (chart, &plot);
  gtk_adjustment_set_value (vadj, 0);
  settle (window);
  {
    graphene_rect_t bounds;

    content_bounds (stack, chart, &bounds);
    gtk_adjustment_set_value (vadj, bounds.origin.y);
    settle (window);
  }
  value = gtk_adjustment_get_value (vadj);
  pointer_to (window, GTK_WIDGET (chart), plot.origin.x + plot.size.width / 2, plot.origin.y + plot.size.height / 2);
  scrolls = n_scrolls;
  test_gui_xdo ("click 4");
  wait_count (window, &n_scrolls, scrolls + 1);
  g_assert_true (ss_time_axis_is_zoomed (ss_plot_stack_get_time_axis (stack)));
  g_assert_cmpfloat (gtk_adjustment_get_value (vadj), ==, value);
  ss_time_axis_reset_zoom (ss_plot_stack_get_time_axis (stack));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* ---- what the user adds comes into view ------------------------------- */

/* Add Characteristic Plot (the charts' menu action): the new chart comes
 * after the charts against time, out of view at this height; the stack
 * scrolls to show it whole.  So too the chart a signal is put on, and the
 * top chart, whose legend names a run just pinned. */
static void
test_add_plot_revealed (void)
{
  SsWindow       *window = open_window (1024, 700);
  SsPlotStack    *stack = ss_window_get_plot_stack (window);
  GtkAdjustment  *vadj = stack_vadjustment (stack);
  test_wait       wait = test_wait_start ("the chart revealed");
  graphene_rect_t bounds;
  SsChart        *chart;
  guint           n;

  g_assert_true (ss_window_set_scenario (window, "two-block"));
  test_gui_wait_idle (ss_window_get_simulation (window));
  gtk_adjustment_set_value (vadj, 0);
  settle (window);
  n = ss_plot_stack_get_n_charts (stack);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (ss_plot_stack_get_chart (stack, 0)), "plot-stack.add-xy",
                                             "(ss)", "10.v", "10.F"));
  g_assert_cmpuint (ss_plot_stack_get_n_charts (stack), ==, n + 1);
  chart = ss_plot_stack_get_chart (stack, n);
  g_assert_true (ss_chart_is_xy (chart));
  while (ss_plot_stack_get_revealing (stack) != NULL)
    {
      g_main_context_iteration (NULL, FALSE);
      test_wait_tick (&wait);
    }
  settle (window);
  content_bounds (stack, chart, &bounds);
  g_test_message ("chart at %g..%g, view %g..%g", bounds.origin.y, bounds.origin.y + bounds.size.height,
                  gtk_adjustment_get_value (vadj),
                  gtk_adjustment_get_value (vadj) + gtk_adjustment_get_page_size (vadj));
  g_assert_cmpfloat (bounds.origin.y, >=, gtk_adjustment_get_value (vadj));
  g_assert_cmpfloat (bounds.origin.y + bounds.size.height, <=,
                     gtk_adjustment_get_value (vadj) + gtk_adjustment_get_page_size (vadj));
  /* a signal put on a chart: that chart into view */
  gtk_adjustment_set_value (vadj, gtk_adjustment_get_upper (vadj));
  settle (window);
  ss_plot_stack_set_column_shown (stack, "10.N", FALSE);
  ss_plot_stack_set_column_shown (stack, "10.N", TRUE);
  chart = ss_plot_stack_get_column_chart (stack, "10.N");
  while (ss_plot_stack_get_revealing (stack) != NULL)
    {
      g_main_context_iteration (NULL, FALSE);
      test_wait_tick (&wait);
    }
  settle (window);
  content_bounds (stack, chart, &bounds);
  g_assert_cmpfloat (bounds.origin.y, >=, gtk_adjustment_get_value (vadj));
  g_assert_cmpfloat (bounds.origin.y + bounds.size.height, <=,
                     gtk_adjustment_get_value (vadj) + gtk_adjustment_get_page_size (vadj));
  /* a pinned run: the legend naming the runs (the top chart) into view */
  gtk_adjustment_set_value (vadj, gtk_adjustment_get_upper (vadj));
  settle (window);
  g_assert_cmpfloat (gtk_adjustment_get_value (vadj), >, 0);
  g_assert_nonnull (ss_window_pin_run (window));
  test_gui_wait_runs (ss_window_get_run_list (window));
  while (ss_plot_stack_get_revealing (stack) != NULL)
    {
      g_main_context_iteration (NULL, FALSE);
      test_wait_tick (&wait);
    }
  settle (window);
  chart = ss_plot_stack_get_chart (stack, 0);
  content_bounds (stack, chart, &bounds);
  g_assert_cmpfloat (bounds.origin.y, >=, gtk_adjustment_get_value (vadj));
  g_assert_cmpfloat (bounds.origin.y + bounds.size.height, <=,
                     gtk_adjustment_get_value (vadj) + gtk_adjustment_get_page_size (vadj));
  ss_window_clear_runs (window);
  ss_plot_stack_remove_xy_chart (stack, "10.v", "10.F");
  ss_plot_stack_reset_columns (stack);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* ---- the user's layout, per scenario ----------------------------------- */

/* A chart made taller by dragging its bottom edge, another moved up and
 * one hidden: so again after another scenario and back. */
static void
test_layout_kept (void)
{
  SsWindow        *window = open_window (1280, 820);
  SsPlotStack     *stack = ss_window_get_plot_stack (window);
  g_autofree char *first = NULL, *second = NULL, *third = NULL;
  graphene_rect_t  plot;
  SsChart         *chart;
  double           height;
  guint            releases;

  g_assert_true (ss_window_set_scenario (window, "one-mass"));
  test_gui_wait_idle (ss_window_get_simulation (window));
  gtk_adjustment_set_value (stack_vadjustment (stack), 0);
  settle (window);
  chart = ss_plot_stack_get_chart (stack, 0);
  ss_chart_get_plot_area (chart, &plot);
  height = plot.size.height;
  /* drag the bottom edge 60 px down */
  pointer_to (window, GTK_WIDGET (chart), plot.origin.x + plot.size.width / 2,
              gtk_widget_get_height (GTK_WIDGET (chart)) - 2);
  test_gui_xdo ("mousedown 1");
  for (int dy = 10; dy <= 60; dy += 10)
    {
      guint motions = n_motions;

      test_gui_xdo ("mousemove_relative 0 10");
      wait_count (window, &n_motions, motions + 1);
    }
  releases = n_releases;
  test_gui_xdo ("mouseup 1");
  wait_count (window, &n_releases, releases + 1);
  ss_chart_get_plot_area (chart, &plot);
  g_test_message ("plot %g px high, %g after the drag", height, plot.size.height);
  g_assert_cmpfloat (fabs (plot.size.height - (height + 60)), <=, 2);
  g_assert_cmpfloat (ss_time_axis_get_playhead (ss_plot_stack_get_time_axis (stack)), ==, 0);

  /* the third chart up one place, the second hidden */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (ss_plot_stack_get_chart (stack, 2)), "chart.move", "i", -1));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (ss_plot_stack_get_chart (stack, 2)), "chart.hide", NULL));
  first = g_strdup (ss_chart_get_title (ss_plot_stack_get_chart (stack, 0)));
  second = g_strdup (ss_chart_get_title (ss_plot_stack_get_chart (stack, 1)));
  third = g_strdup (ss_chart_get_title (ss_plot_stack_get_chart (stack, 2)));
  g_assert_true (ss_chart_get_collapsed (ss_plot_stack_get_chart (stack, 2)));

  g_assert_true (ss_window_set_scenario (window, "dupont"));
  test_gui_wait_idle (ss_window_get_simulation (window));
  for (guint i = 0; i < ss_plot_stack_get_n_charts (stack); i++)
    {
      g_assert_false (ss_chart_get_collapsed (ss_plot_stack_get_chart (stack, i)));
      g_assert_cmpfloat (ss_chart_get_plot_height (ss_plot_stack_get_chart (stack, i)), ==, 0);
    }
  g_assert_true (ss_window_set_scenario (window, "one-mass"));
  test_gui_wait_idle (ss_window_get_simulation (window));
  settle (window);
  g_assert_cmpstr (ss_chart_get_title (ss_plot_stack_get_chart (stack, 0)), ==, first);
  g_assert_cmpstr (ss_chart_get_title (ss_plot_stack_get_chart (stack, 1)), ==, second);
  g_assert_cmpstr (ss_chart_get_title (ss_plot_stack_get_chart (stack, 2)), ==, third);
  g_assert_true (ss_chart_get_collapsed (ss_plot_stack_get_chart (stack, 2)));
  g_assert_cmpfloat (fabs (ss_chart_get_plot_height (ss_plot_stack_get_chart (stack, 0)) - (height + 60)), <=, 2);
  ss_chart_get_plot_area (ss_plot_stack_get_chart (stack, 0), &plot);
  g_assert_cmpfloat (fabs (plot.size.height - (height + 60)), <=, 2);
  {
    g_autoptr(GSettings) settings = ss_settings_new ();

    g_settings_reset (settings, "chart-layout");
  }
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A right click (real X input) opens @chart's context menu. */
static void
open_context_menu (SsWindow *window, SsChart *chart, gboolean at_end)
{
  graphene_rect_t plot;
  guint           presses = n_presses;

  GtkAdjustment *vadj = stack_vadjustment (ss_window_get_plot_stack (window));

  /* the stack scrolled to its top or to its end, where the chart is */
  gtk_adjustment_set_value (vadj, at_end ? gtk_adjustment_get_upper (vadj) : 0);
  settle (window);
  ss_chart_get_plot_area (chart, &plot);
  /* a point of the plot inside the view, the pointer coming from outside
   * the charts (off a menu that closed under it) */
  pointer_to (window, GTK_WIDGET (window), 2, 2);
  pointer_to (window, GTK_WIDGET (chart), plot.origin.x + plot.size.width / 2,
              at_end ? plot.origin.y + plot.size.height - 20 : plot.origin.y + 20);
  test_gui_xdo ("click 3");
  wait_count (window, &n_presses, presses + 1);
}

/* The shown menu entry under @widget titled @text. */
static GtkWidget *
find_entry (GtkWidget *widget, const char *text)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found;

      if (gtk_widget_get_mapped (child) && g_object_class_find_property (G_OBJECT_GET_CLASS (child), "text") != NULL &&
          g_object_class_find_property (G_OBJECT_GET_CLASS (child), "menu-name") != NULL)
        {
          g_autofree char *title = NULL;

          g_object_get (child, "text", &title, NULL);
          if (g_strcmp0 (title, text) == 0)
            return child;
        }
      if ((found = find_entry (child, text)) != NULL)
        return found;
    }
  return NULL;
}

/* Whether the open context menu of @chart offers its entry @text. */
static gboolean
menu_entry_sensitive (SsChart *chart, const char *text)
{
  test_wait  wait = test_wait_start ("the chart's menu");
  GtkWidget *entry;

  /* the menu maps a few frames after the press */
  while ((entry = find_entry (GTK_WIDGET (chart), text)) == NULL)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
      test_wait_tick (&wait);
    }
  return gtk_widget_get_sensitive (entry);
}

/* Move Chart Up is off on the top chart, Move Chart Down on the bottom
 * one; elsewhere both move. */
static void
test_move_ends (void)
{
  SsWindow    *window = open_window (1280, 820);
  SsPlotStack *stack = ss_window_get_plot_stack (window);
  SsChart     *top, *bottom;
  guint        n;

  g_assert_true (ss_window_set_scenario (window, "one-mass"));
  test_gui_wait_idle (ss_window_get_simulation (window));
  settle (window);
  n = ss_plot_stack_get_n_charts (stack);
  g_assert_cmpuint (n, >=, 3);
  top = ss_plot_stack_get_chart (stack, 0);
  bottom = ss_plot_stack_get_chart (stack, n - 1);

  open_context_menu (window, top, FALSE);
  g_assert_false (menu_entry_sensitive (top, "Move Chart Up"));
  g_assert_true (menu_entry_sensitive (top, "Move Chart Down"));
  test_gui_xdo ("key Escape");
  settle (window);

  open_context_menu (window, bottom, TRUE);
  g_assert_false (menu_entry_sensitive (bottom, "Move Chart Down"));
  g_assert_true (menu_entry_sensitive (bottom, "Move Chart Up"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (bottom), "chart.move-up", NULL));
  g_assert_true (ss_plot_stack_get_chart (stack, n - 2) == bottom);
  test_gui_xdo ("key Escape");
  settle (window);
  {
    g_autoptr(GSettings) settings = ss_settings_new ();

    g_settings_reset (settings, "chart-layout");
  }
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The open popover @menu's visible box (not its shadow) in @window's
 * coordinates. */
static void
popover_box (SsWindow *window, GtkWidget *menu, graphene_rect_t *box)
{
  GdkSurface     *surface;
  graphene_rect_t content;
  double          mx, my, wx, wy;

  surface = gtk_native_get_surface (GTK_NATIVE (menu));
  g_assert_true (gtk_widget_compute_bounds (gtk_widget_get_first_child (menu), menu, &content));
  gtk_native_get_surface_transform (GTK_NATIVE (menu), &mx, &my);
  gtk_native_get_surface_transform (GTK_NATIVE (window), &wx, &wy);
  graphene_rect_init (box, gdk_popup_get_position_x (GDK_POPUP (surface)) + mx + content.origin.x - wx,
                      gdk_popup_get_position_y (GDK_POPUP (surface)) + my + content.origin.y - wy, content.size.width,
                      content.size.height);
}

/* The open context menu of @chart, its visible box, once it shows an
 * entry @text. */
static void
menu_box (SsWindow *window, SsChart *chart, const char *text, graphene_rect_t *box)
{
  GtkWidget *menu;

  menu_entry_sensitive (chart, text); /* waits for it */
  menu = gtk_widget_get_ancestor (find_entry (GTK_WIDGET (chart), text), GTK_TYPE_POPOVER);
  g_assert_nonnull (menu);
  settle (window);
  popover_box (window, menu, box);
}

/* The open menu, showing @text, lies inside the window. */
static void
assert_menu_inside (SsWindow *window, SsChart *chart, const char *text, const char *what)
{
  graphene_rect_t box;

  menu_box (window, chart, text, &box);
  g_test_message ("%s: menu from y = %.0f to %.0f px in a window %d px tall", what, box.origin.y,
                  box.origin.y + box.size.height, gtk_widget_get_height (GTK_WIDGET (window)));
  g_assert_cmpfloat (box.size.height, >, 40);
  g_assert_cmpfloat (box.origin.y, >=, 0);
  g_assert_cmpfloat (box.origin.y + box.size.height, <=, gtk_widget_get_height (GTK_WIDGET (window)));
}

/* Opens the submenu @text of the open menu: its page shows, titled @text,
 * and @left (an entry of the page it leaves) is gone. */
static void
open_submenu (SsWindow *window, SsChart *chart, const char *text, const char *left)
{
  test_wait wait = test_wait_start ("the submenu's page");

  g_assert_true (menu_entry_sensitive (chart, text));
  gtk_widget_activate (find_entry (GTK_WIDGET (chart), text));
  while (find_entry (GTK_WIDGET (chart), left) != NULL || find_entry (GTK_WIDGET (chart), text) == NULL)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
      test_wait_tick (&wait);
    }
  settle (window);
}

/* The submenus (the entries that open one) shown under @widget. */
static void
list_submenus (GtkWidget *widget, GPtrArray *titles)
{
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      if (gtk_widget_get_mapped (c) && g_object_class_find_property (G_OBJECT_GET_CLASS (c), "menu-name") != NULL)
        {
          g_autofree char *submenu = NULL, *title = NULL;

          g_object_get (c, "menu-name", &submenu, "text", &title, NULL);
          if (submenu != NULL && !g_str_equal (submenu, "main") &&
              g_object_class_find_property (G_OBJECT_GET_CLASS (c), "role") != NULL)
            g_ptr_array_add (titles, g_steal_pointer (&title));
        }
      list_submenus (c, titles);
    }
}

/* Closes @chart's open menu as the user does, whichever page it shows
 * (Escape goes back a page, and closes the first). */
static void
close_menu (SsWindow *window, SsChart *chart)
{
  for (GtkWidget *c = gtk_widget_get_first_child (GTK_WIDGET (chart)); c != NULL; c = gtk_widget_get_next_sibling (c))
    if (GTK_IS_POPOVER (c))
      {
        test_wait wait = test_wait_start ("the menu to close");

        while (gtk_widget_get_visible (c))
          {
            test_gui_xdo ("key Escape");
            settle (window);
            test_wait_tick (&wait);
          }
      }
}

/* At 1024×700, the context menu of the bottom chart clicked near its
 * bottom, and of the top chart near its top, lies inside the window, and
 * so do its submenus as they open (Add Signal, then each group of it):
 * each opens on the side with room, and scrolls where it is longer. */
static void
test_menus_fit (void)
{
  SsWindow    *window = open_window (1024, 700);
  SsPlotStack *stack = ss_window_get_plot_stack (window);
  guint        n;

  g_assert_true (ss_window_set_scenario (window, "gear-train"));
  test_gui_wait_idle (ss_window_get_simulation (window));
  settle (window);
  n = ss_plot_stack_get_n_charts (stack);
  g_assert_cmpuint (n, >=, 2);
  for (int end = 0; end <= 1; end++)
    {
      SsChart    *chart = ss_plot_stack_get_chart (stack, end ? n - 1 : 0);
      const char *where = end ? "the bottom chart" : "the top chart";
      g_autoptr(GPtrArray) groups = g_ptr_array_new_with_free_func (g_free);

      open_context_menu (window, chart, end);
      assert_menu_inside (window, chart, "Autoscale Values", where);
      open_submenu (window, chart, "Add Signal", "Autoscale Values");
      assert_menu_inside (window, chart, "Add Signal", "Add Signal");
      list_submenus (GTK_WIDGET (chart), groups);
      g_assert_cmpuint (groups->len, >=, 2);
      for (guint g = 0; g < groups->len; g++)
        {
          test_wait wait = test_wait_start ("Add Signal's page again");

          open_submenu (window, chart, groups->pdata[g], "Add Signal");
          assert_menu_inside (window, chart, groups->pdata[g], groups->pdata[g]);
          /* back to Add Signal's page: the page's title goes back */
          gtk_widget_activate (find_entry (GTK_WIDGET (chart), groups->pdata[g]));
          while (find_entry (GTK_WIDGET (chart), "Add Signal") == NULL)
            {
              g_main_context_iteration (NULL, FALSE);
              g_usleep (1000);
              test_wait_tick (&wait);
            }
          settle (window);
        }
      close_menu (window, chart);
    }
  gtk_window_destroy (GTK_WINDOW (window));
}

/* At 1280×820 with the stack scrolled halfway, a chart's context menu and
 * its Add Signal submenu open, and close, without scrolling the charts:
 * the entries taking the keyboard's focus do not move the view under the
 * menu. */
static void
test_submenu_keeps_view (void)
{
  SsWindow       *window = open_window (1280, 820);
  SsPlotStack    *stack = ss_window_get_plot_stack (window);
  GtkAdjustment  *vadj = stack_vadjustment (stack);
  SsChart        *chart = NULL;
  graphene_rect_t bounds, plot;
  double          middle;
  guint           presses = n_presses;

  g_assert_true (ss_window_set_scenario (window, "one-mass"));
  test_gui_wait_idle (ss_window_get_simulation (window));
  settle (window);
  g_assert_cmpfloat (gtk_adjustment_get_upper (vadj), >, gtk_adjustment_get_page_size (vadj) + 100);
  middle = round ((gtk_adjustment_get_upper (vadj) - gtk_adjustment_get_page_size (vadj)) / 2);
  gtk_adjustment_set_value (vadj, middle);
  settle (window);
  /* the lowest chart whose plot's middle is in view */
  for (guint i = 0; i < ss_plot_stack_get_n_charts (stack); i++)
    {
      SsChart *c = ss_plot_stack_get_chart (stack, i);
      double   y;

      content_bounds (stack, c, &bounds);
      ss_chart_get_plot_area (c, &plot);
      y = bounds.origin.y + plot.origin.y + plot.size.height / 2;
      if (y > middle + 20 && y < middle + gtk_adjustment_get_page_size (vadj) - 20)
        chart = c;
    }
  g_assert_nonnull (chart);
  ss_chart_get_plot_area (chart, &plot);
  pointer_to (window, GTK_WIDGET (chart), plot.origin.x + plot.size.width / 2, plot.origin.y + plot.size.height / 2);
  test_gui_xdo ("click 3");
  wait_count (window, &n_presses, presses + 1);
  settle (window);
  g_assert_nonnull (find_entry (GTK_WIDGET (chart), "Add Signal"));
  g_assert_cmpfloat (gtk_adjustment_get_value (vadj), ==, middle);
  /* the keyboard's focus down the entries */
  for (int i = 0; i < 3; i++)
    {
      test_gui_xdo ("key Down");
      settle (window);
      g_assert_cmpfloat (gtk_adjustment_get_value (vadj), ==, middle);
    }
  open_submenu (window, chart, "Add Signal", "Autoscale Values");
  g_assert_cmpfloat (gtk_adjustment_get_value (vadj), ==, middle);
  close_menu (window, chart);
  g_assert_cmpfloat (gtk_adjustment_get_value (vadj), ==, middle);
  gtk_window_destroy (GTK_WINDOW (window));
}

static GtkWidget *
find_main_menu (GtkWidget *root)
{
  if (GTK_IS_MENU_BUTTON (root) && gtk_menu_button_get_primary (GTK_MENU_BUTTON (root)))
    return root;
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = find_main_menu (c);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* At 1024×700 the main menu lies inside the window: below its button,
 * leftwards from the window's right edge, its list scrolling. */
static void
test_main_menu_fits (void)
{
  SsWindow       *window = open_window (1024, 700);
  GtkWidget      *button = find_main_menu (GTK_WIDGET (window));
  GtkWidget      *menu;
  graphene_rect_t box;
  test_wait       wait = test_wait_start ("the main menu");

  g_assert_nonnull (button);
  menu = GTK_WIDGET (gtk_menu_button_get_popover (GTK_MENU_BUTTON (button)));
  gtk_menu_button_popup (GTK_MENU_BUTTON (button));
  while (!gtk_widget_get_mapped (menu))
    {
      g_main_context_iteration (NULL, FALSE);
      test_wait_tick (&wait);
    }
  settle (window);
  popover_box (window, menu, &box);
  g_test_message ("main menu: x %.0f to %.0f, y %.0f to %.0f in a window %d × %d", box.origin.x,
                  box.origin.x + box.size.width, box.origin.y, box.origin.y + box.size.height,
                  gtk_widget_get_width (GTK_WIDGET (window)), gtk_widget_get_height (GTK_WIDGET (window)));
  g_assert_cmpfloat (box.size.height, >, 200);
  g_assert_cmpfloat (box.origin.x, >=, 0);
  g_assert_cmpfloat (box.origin.y, >=, 0);
  g_assert_cmpfloat (box.origin.x + box.size.width, <=, gtk_widget_get_width (GTK_WIDGET (window)));
  g_assert_cmpfloat (box.origin.y + box.size.height, <=, gtk_widget_get_height (GTK_WIDGET (window)));
  gtk_menu_button_popdown (GTK_MENU_BUTTON (button));
  settle (window);
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int argc, char *argv[])
{
  g_setenv ("LANGUAGE", "C", TRUE);
  test_gui_init_x11 (&argc, &argv); /* xdotool feeds X input */
  /* the side panel opens at once: no widths changing over a few frames */
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", FALSE, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      g_autofree char *path = g_strdup_printf ("/chart-stack/layout/%dx%d", sizes[i][0], sizes[i][1]);

      g_test_add_data_func (path, sizes[i], test_layout);
    }
  g_test_add_func ("/chart-stack/short-window", test_short_window);
  g_test_add_data_func ("/chart-stack/side-panel-beside/en", "C", test_side_panel_beside);
  g_test_add_data_func ("/chart-stack/side-panel-beside/pl", "pl", test_side_panel_beside);
  g_test_add_func ("/chart-stack/legend-click", test_legend_click);
  g_test_add_func ("/chart-stack/pin-hidden-forgotten", test_pin_hidden_forgotten);
  g_test_add_func ("/chart-stack/legend-steady", test_legend_steady);
  g_test_add_func ("/chart-stack/wheel", test_wheel);
  g_test_add_func ("/chart-stack/add-plot-revealed", test_add_plot_revealed);
  g_test_add_func ("/chart-stack/layout-kept", test_layout_kept);
  g_test_add_func ("/chart-stack/move-ends", test_move_ends);
  g_test_add_func ("/chart-stack/menus-fit", test_menus_fit);
  g_test_add_func ("/chart-stack/submenu-keeps-view", test_submenu_keeps_view);
  g_test_add_func ("/chart-stack/main-menu-fits", test_main_menu_fits);
  return g_test_run ();
}
