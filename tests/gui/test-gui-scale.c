/* test-gui-scale.c - the window on a small logical screen: at GDK_SCALE=2
 * a 1600 × 1000 screen is 800 × 500 logical pixels (meson runs this on a
 * private Xvfb of that size with GDK_SCALE=2).  The window's default size,
 * the template's or the one the settings restore, is no larger than the
 * monitor's work area, and what it saves on closing opens fitting again;
 * its minimum height, whichever scenario it shows, fits the work area. */
#include "config.h"

#include <adwaita.h>
#include <gdk/x11/gdkx.h>

#include "ss-resources.h"
#include "ss-settings.h"
#include "ss-window-private.h"
#include <stickslip/stickslip.h>
#include "test-gui-util.h"

/* The work area of the (only) monitor, logical pixels. */
static void
workarea (GdkRectangle *area)
{
  GListModel *monitors = gdk_display_get_monitors (gdk_display_get_default ());
  g_autoptr(GdkMonitor) monitor = g_list_model_get_item (monitors, 0);

  g_assert_nonnull (monitor);
  g_assert_true (GDK_IS_X11_MONITOR (monitor));
  gdk_x11_monitor_get_workarea (monitor, area);
}

/* A new window's default size and, shown, its size fit @area. */
static SsWindow *
open_fitting (const GdkRectangle *area)
{
  SsWindow *window = ss_window_new (NULL);
  int       width, height;
  test_wait wait = test_wait_start ("the window mapped");

  gtk_window_get_default_size (GTK_WINDOW (window), &width, &height);
  g_test_message ("default size %d × %d in a work area of %d × %d", width, height, area->width, area->height);
  g_assert_cmpint (width, >, 0);
  g_assert_cmpint (height, >, 0);
  g_assert_cmpint (width, <=, area->width);
  g_assert_cmpint (height, <=, area->height);
  gtk_window_present (GTK_WINDOW (window));
  while (!gtk_widget_get_mapped (GTK_WIDGET (window)) || gtk_widget_get_width (GTK_WIDGET (window)) <= 0)
    {
      g_main_context_iteration (NULL, FALSE);
      test_wait_tick (&wait);
    }
  return window;
}

/* The screen is what the test means: 800 × 500 logical pixels at scale 2. */
static void
test_screen (void)
{
  GListModel *monitors = gdk_display_get_monitors (gdk_display_get_default ());
  g_autoptr(GdkMonitor) monitor = g_list_model_get_item (monitors, 0);
  GdkRectangle geometry;

  gdk_monitor_get_geometry (monitor, &geometry);
  g_assert_cmpint (gdk_monitor_get_scale_factor (monitor), ==, 2);
  g_assert_cmpint (geometry.width, ==, 800);
  g_assert_cmpint (geometry.height, ==, 500);
}

/* The template's 1280 × 820 (the settings' defaults) does not fit: the
 * window opens at most the work area's size. */
static void
test_default_fits (void)
{
  GdkRectangle area;
  SsWindow    *window;

  workarea (&area);
  window = open_fitting (&area);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A size restored from the settings, larger than the screen, fits; so
 * does the size saved when the window closes. */
static void
test_restored_fits (void)
{
  g_autoptr(GSettings) settings = ss_settings_new ();
  GdkRectangle area;
  SsWindow    *window;
  int          min_height = 0;

  workarea (&area);
  g_settings_set_int (settings, "window-width", 1500);
  g_settings_set_int (settings, "window-height", 1200);
  window = open_fitting (&area);
  gtk_widget_measure (GTK_WIDGET (window), GTK_ORIENTATION_VERTICAL, area.width, &min_height, NULL, NULL, NULL);
  gtk_window_close (GTK_WINDOW (window));
  g_assert_cmpint (min_height, <=, area.height);
  g_assert_cmpint (g_settings_get_int (settings, "window-width"), <=, area.width);
  g_assert_cmpint (g_settings_get_int (settings, "window-height"), <=, area.height);
  /* what it saved opens fitting again */
  window = open_fitting (&area);
  gtk_window_destroy (GTK_WINDOW (window));
  g_settings_reset (settings, "window-width");
  g_settings_reset (settings, "window-height");
}

/* The window fits the work area, whichever scenario it shows: its
 * minimum height for the work area's width is no taller than the work
 * area (558 px before: the mechanism at least 170 px, the scrolled charts'
 * scrollbar's 54 px on top of the tallest chart); so are its height and
 * the charts' minimum at their width, no taller than their room (the
 * charts and the time axis under them not cut off by the window's edge). */
static void
test_minimum_fits (void)
{
  GdkRectangle area;
  SsWindow    *window;
  int          min_width = 0;

  workarea (&area);
  window = open_fitting (&area);
  gtk_widget_measure (GTK_WIDGET (window), GTK_ORIENTATION_HORIZONTAL, -1, &min_width, NULL, NULL, NULL);
  g_assert_cmpint (min_width, <=, area.width);
  for (int s = 0; s < ss_scenario_count (); s++)
    {
      const char     *name = ss_scenario_get (s)->name;
      SsPlotStack    *stack = ss_window_get_plot_stack (window);
      GtkWidget      *ruler = GTK_WIDGET (ss_plot_stack_get_ruler (stack));
      int             min_height = 0, mechanism = 0, charts = 0;
      graphene_rect_t bounds;

      g_assert_true (ss_window_set_scenario (window, name));
      test_gui_wait_idle (ss_window_get_simulation (window));
      for (int i = 0; i < 3; i++)
        gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
      gtk_widget_measure (GTK_WIDGET (window), GTK_ORIENTATION_VERTICAL, area.width, &min_height, NULL, NULL, NULL);
      gtk_widget_measure (GTK_WIDGET (ss_window_get_mechanism_view (window)), GTK_ORIENTATION_VERTICAL, -1, &mechanism,
                          NULL, NULL, NULL);
      gtk_widget_measure (GTK_WIDGET (stack), GTK_ORIENTATION_VERTICAL, gtk_widget_get_width (GTK_WIDGET (stack)),
                          &charts, NULL, NULL, NULL);
      g_test_message ("%s: minimum height %d (mechanism %d, charts %d of %d) in a work area %d high", name, min_height,
                      mechanism, charts, gtk_widget_get_height (GTK_WIDGET (stack)), area.height);
      g_assert_cmpint (min_height, <=, area.height);
      g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (window)), <=, area.height);
      g_assert_cmpint (charts, <=, gtk_widget_get_height (GTK_WIDGET (stack)));
      g_assert_true (gtk_widget_compute_bounds (ruler, GTK_WIDGET (window), &bounds));
      g_assert_cmpfloat (bounds.origin.y + bounds.size.height, <=, gtk_widget_get_height (GTK_WIDGET (window)));
    }
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int argc, char *argv[])
{
  test_gui_init_x11 (&argc, &argv);
  g_test_add_func ("/gui-scale/screen", test_screen);
  g_test_add_func ("/gui-scale/default-fits", test_default_fits);
  g_test_add_func ("/gui-scale/restored-fits", test_restored_fits);
  g_test_add_func ("/gui-scale/minimum-fits", test_minimum_fits);
  return g_test_run ();
}
