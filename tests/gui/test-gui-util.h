/* test-gui-util.h - what the GUI tests share beyond running programs
 * (test-cli-util.h): the set-up of a test program that drives real X
 * input, xdotool, and the main loop pumped for a while or until a
 * condition holds.  Every GUI test program includes it; the window tests
 * also declare their own helpers in test-gui.h. */
#pragma once

#include <adwaita.h>
#include <stdlib.h>
#include <gdk/x11/gdkx.h>

#include "ss-resources.h"
#include "ss-run-list.h"
#include "ss-simulation.h"
#include "test-cli-util.h"

/* GTK and libadwaita initialised for a test: settings in memory, the
 * Cairo renderer, the application's resources.  What else the test's
 * environment needs (LANGUAGE=C for the untranslated labels) is set
 * before. */
static inline void
test_gui_init (int *argc, char ***argv)
{
  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);
  g_setenv ("GSK_RENDERER", "cairo", TRUE);
  gtk_test_init (argc, argv, NULL);
  adw_init ();
  ss_register_resource ();
}

/* The same for a test that feeds X input through xdotool: the X11
 * backend. */
static inline void
test_gui_init_x11 (int *argc, char ***argv)
{
  g_setenv ("GDK_BACKEND", "x11", TRUE);
  test_gui_init (argc, argv);
}

/* The X window of @widget's surface. */
static inline gulong
test_gui_xid (GtkWidget *widget)
{
  GdkSurface *surface = gtk_native_get_surface (gtk_widget_get_native (widget));

  g_assert_true (GDK_IS_X11_SURFACE (surface));
  return (gulong)gdk_x11_surface_get_xid (surface);
}

/* Runs xdotool ($STICKSLIP_XDOTOOL, else the one in PATH) with the
 * arguments @fmt makes, split as a shell would; it must succeed. */
static inline void G_GNUC_PRINTF (1, 2) test_gui_xdo (const char *fmt, ...)
{
  va_list          ap;
  g_autofree char *args = NULL;
  g_autofree char *cmd = NULL;
  g_auto (GStrv) argv = NULL;
  g_autoptr (GError) error = NULL;

  va_start (ap, fmt);
  args = g_strdup_vprintf (fmt, ap);
  va_end (ap);
  cmd = g_strdup_printf ("%s %s", g_getenv ("STICKSLIP_XDOTOOL") ? g_getenv ("STICKSLIP_XDOTOOL") : "xdotool", args);
  g_assert_true (g_shell_parse_argv (cmd, NULL, &argv, &error));
  g_assert_cmpint (test_spawn (NULL, (const char *const *)argv, NULL, NULL, NULL, NULL, NULL), ==, 0);
}

/* Runs the main loop for @ms milliseconds: a deliberate pause (frames
 * happen, a settle delay passes), never a pass/fail on time; a test waits
 * for what it asserts with test_gui_wait_until(). */
static inline void
test_gui_pump (int ms)
{
  gint64 end = g_get_monotonic_time () + ms * 1000;

  while (g_get_monotonic_time () < end)
    {
      while (g_main_context_pending (NULL))
        g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
}

/* Runs the main loop for at most @ms milliseconds, less once @done holds:
 * a pause that may end early (no result, so nothing can be asserted on
 * its length). */
static inline void
test_gui_pump_until (gboolean (*done) (gpointer), gpointer data, int ms)
{
  gint64 end = g_get_monotonic_time () + ms * 1000;

  while (!done (data) && g_get_monotonic_time () < end)
    {
      while (g_main_context_pending (NULL))
        g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
}

/* One pass of a wait: what is pending in the main loop, then a
 * millisecond's sleep. */
static inline void
test_gui_iterate (void)
{
  while (g_main_context_pending (NULL))
    g_main_context_iteration (NULL, FALSE);
  g_usleep (1000);
}

/* Runs the main loop until @cond holds, however long that takes: every
 * 30 s it reports "still waiting for @what" (test_wait_tick); only meson's
 * per-test timeout ends a wait that never finishes. */
#define test_gui_wait_until(cond, what)                \
  G_STMT_START                                         \
  {                                                    \
    test_wait test_gui_wait_ = test_wait_start (what); \
                                                       \
    while (!(cond))                                    \
      {                                                \
        test_gui_iterate ();                           \
        test_wait_tick (&test_gui_wait_);              \
      }                                                \
  }                                                    \
  G_STMT_END

/* The same with a predicate: until @done (@data). */
static inline void
test_gui_wait_for (gboolean (*done) (gpointer), gpointer data, const char *what)
{
  test_gui_wait_until (done (data), what);
}

/* Lets the worker finish @sim's run and the main loop take its batches. */
static inline void
test_gui_wait_idle (SsSimulation *sim)
{
  test_wait wait = test_wait_start ("the run to finish");

  while (ss_simulation_is_busy (sim) || g_main_context_pending (NULL))
    {
      g_main_context_iteration (NULL, FALSE);
      if (ss_simulation_is_busy (sim))
        g_usleep (200);
      test_wait_tick (&wait);
    }
}

/* Until the pinned runs of @list are computed. */
static inline void
test_gui_wait_runs (SsRunList *list)
{
  test_wait wait = test_wait_start ("the pinned runs");

  while (ss_run_list_is_busy (list) || g_main_context_pending (NULL))
    {
      g_main_context_iteration (NULL, FALSE);
      if (ss_run_list_is_busy (list))
        g_usleep (500);
      test_wait_tick (&wait);
    }
}

/* Pixels where any channel of @a and @b (ARGB32 images of one size)
 * differs by more than @tolerance. */
static inline guint
count_differing_pixels (cairo_surface_t *a, cairo_surface_t *b, int tolerance)
{
  int           width = cairo_image_surface_get_width (a), height = cairo_image_surface_get_height (a);
  int           stride = cairo_image_surface_get_stride (a);
  const guchar *pa = cairo_image_surface_get_data (a), *pb = cairo_image_surface_get_data (b);
  guint         count = 0;

  for (int y = 0; y < height; y++)
    for (int x = 0; x < width; x++)
      for (int c = 0; c < 4; c++)
        if (abs (pa[y * stride + 4 * x + c] - pb[y * stride + 4 * x + c]) > tolerance)
          {
            count++;
            break;
          }
  return count;
}
