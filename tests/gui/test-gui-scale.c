/* test-gui-scale.c - the window on a small logical screen: at GDK_SCALE=2
 * a 1600 × 1000 screen is 800 × 500 logical pixels (meson runs this on a
 * private Xvfb of that size with GDK_SCALE=2).  The window's default size,
 * the template's or the one the settings restore, is no larger than the
 * monitor's work area, and what it saves on closing opens fitting again.
 * (The window's minimum height, 558 px at this scale, still exceeds it.) */
#include "config.h"

#include <adwaita.h>
#include <gdk/x11/gdkx.h>

#include "ss-resources.h"
#include "ss-settings.h"
#include "ss-window.h"
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
  /* the window's own minimum may exceed a screen this small */
  g_assert_cmpint (g_settings_get_int (settings, "window-width"), <=, area.width);
  g_assert_cmpint (g_settings_get_int (settings, "window-height"), <=, MAX (area.height, min_height));
  /* what it saved opens fitting again */
  window = open_fitting (&area);
  gtk_window_destroy (GTK_WINDOW (window));
  g_settings_reset (settings, "window-width");
  g_settings_reset (settings, "window-height");
}

int
main (int argc, char *argv[])
{
  test_gui_init_x11 (&argc, &argv);
  g_test_add_func ("/gui-scale/screen", test_screen);
  g_test_add_func ("/gui-scale/default-fits", test_default_fits);
  g_test_add_func ("/gui-scale/restored-fits", test_restored_fits);
  return g_test_run ();
}
