/* test-video-gui.c - videos with charts, and Export Animation in the
 * window (under Xvfb: charts are widgets): the charts stay still but for
 * the playhead's line, which moves right as time goes on; revealed curves
 * grow from nothing to the whole run; the window's action opens the
 * dialog, which writes the video in the background with its progress and
 * leaves nothing when stopped. */
#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "ss-animation-dialog.h"
#include "ss-resources.h"
#include "ss-window-private.h"
#include "gui/test-gui-util.h"
#include <stickslip/stickslip.h>

static char     *tmpdir;
static SsWindow *window;

static void
iterate (void)
{
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

static gboolean
run_finished (gpointer data)
{
  SsSimulation *sim = ss_window_get_simulation (data);
  SsDataset    *ds = ss_simulation_get_dataset (sim);

  return ds != NULL && ss_dataset_get_complete (ds) && !ss_simulation_is_busy (sim);
}

static guint
count_files (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  guint n = 0;

  while (d != NULL && g_dir_read_name (d) != NULL)
    n++;
  return n;
}

static SsAnimationFrames *
frames_for (gboolean reveal)
{
  SsDataset         *dataset = ss_simulation_get_dataset (ss_window_get_simulation (window));
  SsAnimationOptions options;
  guint              charts[] = { 0, 1 };
  g_autoptr(GError) error = NULL;
  SsAnimationFrames *frames;

  ss_animation_options_init (&options);
  options.t0 = 1.0;
  options.t1 = 5.0;
  options.fps = 24;
  options.speed = 4.0; /* 24 frames */
  options.charts = charts;
  options.n_charts = 2;
  options.reveal = reveal;
  frames = ss_animation_frames_new (dataset, ss_window_get_plot_stack (window), &options, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (ss_animation_frames_get_n_frames (frames), ==, 24);
  return frames;
}

/* The chart part of a frame: its rows from @top; the columns where @a and
 * @b differ there, as [first, last] (first > last: none). */
static void
differing_columns (cairo_surface_t *a, cairo_surface_t *b, int top, int *first, int *last)
{
  int           w = cairo_image_surface_get_width (a), h = cairo_image_surface_get_height (a);
  int           stride = cairo_image_surface_get_stride (a);
  const guint8 *pa = cairo_image_surface_get_data (a), *pb = cairo_image_surface_get_data (b);

  *first = w;
  *last = -1;
  for (int y = top; y < h; y++)
    for (int x = 0; x < w; x++)
      if (memcmp (pa + y * stride + 4 * x, pb + y * stride + 4 * x, 3) != 0)
        {
          *first = MIN (*first, x);
          *last = MAX (*last, x);
        }
}

/* Pixels of the current run's curve colour (blue: the contact's) below
 * @top. */
static guint
blue_pixels (cairo_surface_t *s, int top)
{
  int           w = cairo_image_surface_get_width (s), h = cairo_image_surface_get_height (s);
  int           stride = cairo_image_surface_get_stride (s);
  const guint8 *p = cairo_image_surface_get_data (s);
  guint         n = 0;

  for (int y = top; y < h; y++)
    for (int x = 0; x < w; x++)
      {
        const guint8 *px = p + y * stride + 4 * x; /* B, G, R */

        n += px[0] > 150 && px[0] > px[2] + 80;
      }
  return n;
}

/* Curves drawn whole: the charts are the same in every frame but for the
 * playhead's line, a column that moves right with time. */
static void
test_playhead_moves (void)
{
  g_autoptr(SsAnimationFrames) frames = frames_for (FALSE);
  cairo_surface_t *f0 = ss_animation_frames_render (frames, 0);
  int              top = 480 / 2 + 40; /* inside the charts (the mechanism over 480 / 2.5 px) */
  int              previous = -1;

  for (guint i = 4; i < 24; i += 6)
    {
      cairo_surface_t *fi = ss_animation_frames_render (frames, i);
      int              first, last;

      differing_columns (f0, fi, top, &first, &last);
      g_test_message ("frame %u: charts differ in columns %d–%d", i, first, last);
      /* the line at t0 (the plot's left edge) and the one now: narrow */
      g_assert_cmpint (last, >, first);
      g_assert_cmpint (last, >, previous + 10);
      previous = last;
      cairo_surface_destroy (fi);
    }
  cairo_surface_destroy (f0);
}

/* Curves revealed as they play: none of the current run at t0, all of it
 * at t1, as many as drawn whole; the mechanism is the same either way. */
static void
test_reveal (void)
{
  g_autoptr(SsAnimationFrames) whole = frames_for (FALSE);
  g_autoptr(SsAnimationFrames) reveal = frames_for (TRUE);
  cairo_surface_t *w0 = ss_animation_frames_render (whole, 0), *r0 = ss_animation_frames_render (reveal, 0);
  cairo_surface_t *w1 = ss_animation_frames_render (whole, 23), *r1 = ss_animation_frames_render (reveal, 23);
  cairo_surface_t *rm = ss_animation_frames_render (reveal, 12);
  int              top = 480 / 2 + 40, first, last;
  guint            blue_whole = blue_pixels (w0, top);

  g_test_message ("curve pixels: whole %u, revealed at t0 %u, mid %u, t1 %u", blue_whole, blue_pixels (r0, top),
                  blue_pixels (rm, top), blue_pixels (r1, top));
  g_assert_cmpuint (blue_whole, >, 2000);
  g_assert_cmpuint (blue_pixels (r0, top), <, blue_whole / 10);
  g_assert_cmpuint (blue_pixels (rm, top), >, blue_whole / 3);
  g_assert_cmpuint (blue_pixels (rm, top), <, blue_whole * 2 / 3 + blue_whole / 10);
  g_assert_cmpuint (blue_pixels (r1, top), >, blue_whole * 95 / 100);
  /* the mechanism part is the same */
  differing_columns (w0, r0, 0, &first, &last);
  g_assert_cmpint (first, <=, last);
  {
    int stride = cairo_image_surface_get_stride (w0);

    g_assert_cmpint (memcmp (cairo_image_surface_get_data (w0), cairo_image_surface_get_data (r0), stride * 150), ==,
                     0);
  }
  cairo_surface_destroy (w0);
  cairo_surface_destroy (r0);
  cairo_surface_destroy (w1);
  cairo_surface_destroy (r1);
  cairo_surface_destroy (rm);
}

static SsAnimationDialog *
open_dialog (SsWindow *window)
{
  GListModel *toplevels = gtk_window_get_toplevels (); /* GTK's own */

  gtk_widget_activate_action (GTK_WIDGET (window), "win.export-animation", NULL);
  iterate ();
  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) item = g_list_model_get_item (toplevels, i);

      if (SS_IS_ANIMATION_DIALOG (item))
        return SS_ANIMATION_DIALOG (item);
    }
  g_assert_not_reached ();
  return NULL;
}

static gboolean
not_busy (gpointer data)
{
  return !ss_animation_dialog_get_busy (data);
}

static gboolean
some_progress (gpointer data)
{
  return gtk_progress_bar_get_fraction (ss_animation_dialog_get_progress_bar (data)) > 0.1;
}

static void
exported_cb (SsAnimationDialog *dialog, const char *path, char **out)
{
  (void)dialog;
  *out = g_strdup (path);
}

/* The window's action opens the dialog; it writes the whole run with the
 * progress shown, says so and closes; stopped, it leaves nothing. */
static void
test_dialog (void)
{
  g_autofree char   *dir = g_build_filename (tmpdir, "dialog", NULL);
  g_autofree char   *path = g_build_filename (dir, "run.webm", NULL);
  g_autofree char   *exported = NULL;
  SsAnimationDialog *dialog;
  SsAnimationOptions options;
  g_autoptr(GError) error = NULL;
  double t_end = ss_simulation_get_t_end (ss_window_get_simulation (window));

  g_assert_cmpint (g_mkdir (dir, 0755), ==, 0);
  if (!ss_animation_check_encoder (&error))
    {
      g_test_skip (error->message);
      return;
    }

  /* the whole run at 1×, 30 fps, 640 × 480, the top two charts */
  dialog = open_dialog (window);
  ss_animation_dialog_get_options (dialog, &options);
  g_assert_cmpfloat (options.t0, ==, 0);
  g_assert_cmpfloat (options.t1, ==, t_end);
  g_assert_cmpfloat (options.speed, ==, 1);
  g_assert_cmpuint (options.fps, ==, 30);
  g_assert_cmpint (options.width, ==, 640);
  g_assert_cmpint (options.height, ==, 480);
  g_assert_cmpuint (options.n_charts, ==, 2);
  g_assert_cmpint (ss_animation_dialog_get_format (dialog), ==, SS_ANIMATION_FORMAT_WEBM);

  /* stopped after some frames: no file, no temporary one */
  g_assert_true (ss_animation_dialog_export_to (dialog, path, &error));
  g_assert_no_error (error);
  g_assert_true (ss_animation_dialog_get_busy (dialog));
  test_gui_wait_for (some_progress, dialog, "the video to make progress");
  g_test_message ("progress: %s", gtk_progress_bar_get_text (ss_animation_dialog_get_progress_bar (dialog)));
  g_assert_true (
      g_str_has_prefix (gtk_progress_bar_get_text (ss_animation_dialog_get_progress_bar (dialog)), "Frame "));
  g_assert_nonnull (strstr (gtk_progress_bar_get_text (ss_animation_dialog_get_progress_bar (dialog)), " left"));
  ss_animation_dialog_stop (dialog);
  test_gui_wait_for (not_busy, dialog, "the video to stop");
  g_assert_cmpuint (count_files (dir), ==, 0);

  /* to the end: the file, the signal, the dialog closed */
  g_object_ref (dialog);
  g_signal_connect (dialog, "exported", G_CALLBACK (exported_cb), &exported);
  g_assert_true (ss_animation_dialog_export_to (dialog, path, &error));
  test_gui_wait_for (not_busy, dialog, "the video to stop");
  iterate ();
  g_assert_cmpstr (exported, ==, path);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (dialog)));
  g_assert_cmpuint (count_files (dir), ==, 1);
  g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));
  g_object_unref (dialog);
  g_unlink (path);
  g_rmdir (dir);
}

static gboolean
folder_empty (gpointer dir)
{
  return count_files (dir) == 0;
}

/* The window closed during an export: the dialog goes with it, the export
 * stops, and its temporary files go too. */
static void
test_window_closed (void)
{
  g_autofree char   *dir = g_build_filename (tmpdir, "closed", NULL);
  g_autofree char   *path = g_build_filename (dir, "run.webm", NULL);
  SsWindow          *other = ss_window_new (NULL);
  SsAnimationDialog *dialog;
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (g_mkdir (dir, 0755), ==, 0);
  if (!ss_animation_check_encoder (&error))
    {
      g_test_skip (error->message);
      return;
    }
  ss_window_set_scenario (other, "one-mass");
  gtk_window_present (GTK_WINDOW (other));
  test_gui_wait_for (run_finished, other, "the run to finish");
  dialog = open_dialog (other);
  g_assert_true (ss_animation_dialog_export_to (dialog, path, &error));
  test_gui_wait_for (some_progress, dialog, "the video to make progress");
  /* the video's temporary file and the target's */
  g_assert_cmpuint (count_files (dir), >=, 1);
  gtk_window_destroy (GTK_WINDOW (other));
  test_gui_wait_for (folder_empty, dir, "the folder emptied");
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  g_rmdir (dir);
}

/* `stickslip --export-animation` with charts (by number and by column)
 * and revealed curves, under a display: the frames asked for, the last
 * with the whole curves the first has not. */
static void
test_command_line_charts (void)
{
  g_autofree char *dir = g_build_filename (tmpdir, "cli", NULL);
  g_autofree char *path = g_build_filename (dir, "c.png", NULL);
  g_autofree char *first = g_build_filename (dir, "c-00001.png", NULL);
  g_autofree char *last = g_build_filename (dir, "c-00048.png", NULL);
  const char      *argv[] = { g_getenv ("STICKSLIP_APP"),
                              "--export-animation",
                              path,
                              "--scenario",
                              "one-mass",
                              "--t-end",
                              "4",
                              "--speed",
                              "2",
                              "--fps",
                              "24",
                              "--size",
                              "480x360",
                              "--charts",
                              "1,z",
                              "--reveal",
                              NULL };
  g_autofree char *out = NULL;
  cairo_surface_t *a, *b;

  g_assert_cmpint (g_mkdir (dir, 0755), ==, 0);
  g_assert_cmpint (test_spawn (NULL, argv, NULL, NULL, NULL, &out, NULL), ==, 0);
  g_assert_cmpuint (count_files (dir), ==, 48);
  a = cairo_image_surface_create_from_png (first);
  b = cairo_image_surface_create_from_png (last);
  g_test_message ("curve pixels: first frame %u, last %u", blue_pixels (a, 200), blue_pixels (b, 200));
  g_assert_cmpuint (blue_pixels (b, 200), >, 5 * blue_pixels (a, 200) + 100);
  cairo_surface_destroy (a);
  cairo_surface_destroy (b);
  for (guint i = 0; i < 48; i++)
    {
      g_autofree char *name = g_strdup_printf ("c-%05u.png", i + 1);
      g_autofree char *file = g_build_filename (dir, name, NULL);

      g_unlink (file);
    }
  g_rmdir (dir);
}

int
main (int argc, char *argv[])
{
  int rc;

  g_setenv ("GTK_A11Y", "none", TRUE);
  g_setenv ("LANGUAGE", "C", TRUE);
  test_gui_init (&argc, &argv);
  tmpdir = g_dir_make_tmp ("test-video-gui-XXXXXX", NULL);
  window = ss_window_new (NULL);
  ss_window_set_scenario (window, "one-mass");
  gtk_window_present (GTK_WINDOW (window));
  test_gui_wait_for (run_finished, window, "the run to finish");

  g_test_add_func ("/video/playhead-moves", test_playhead_moves);
  g_test_add_func ("/video/reveal", test_reveal);
  g_test_add_func ("/video/dialog", test_dialog);
  g_test_add_func ("/video/window-closed", test_window_closed);
  g_test_add_func ("/video/command-line-charts", test_command_line_charts);
  rc = g_test_run ();
  g_rmdir (tmpdir);
  g_free (tmpdir);
  return rc;
}
