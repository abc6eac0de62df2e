/* test-video.c - videos of a run, without a display: the WebM's container,
 * codec, size and duration (GStreamer's discoverer) and its first and last
 * decoded frames against the mechanism drawn directly at t0 and t1; the
 * PNG sequence's count and every frame byte for byte against a direct
 * drawing at its time; a cancel and an unwritable target leave no file;
 * `stickslip --export-animation` as a script runs it.  Skipped where
 * GStreamer lacks the VP8 encoder (tools/deps.txt installs it). */
#include "config.h"

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <gst/app/gstappsink.h>
#include <gst/gst.h>
#include <gst/pbutils/pbutils.h>
#include <math.h>
#include <string.h>

#include "ss-animation-writer.h"
#include "ss-chart.h"
#include "ss-mechanism-view.h"
#include "test-cli-util.h"
#include <stickslip/stickslip.h>

static char *tmpdir;

/* A finished run of one-mass over @t_end s, as the window keeps it. */
static SsDataset *
one_mass_run (double t_end)
{
  const ss_scenario *sc = ss_scenario_find ("one-mass");
  ss_run_opts        opts = { 0 };
  ss_model          *m = ss_model_new_from_assignments (sc, NULL, 0, NULL);
  ss_trace          *trace;
  SsDataset         *dataset;
  g_autoptr(SsModelRef) ref = NULL;

  g_assert_true (ss_run_opts_set (&opts, SS_RUN_T_END, t_end, NULL));
  trace = ss_run (m, &opts, NULL);
  g_assert_nonnull (trace);
  ref = ss_model_ref_new (m);
  dataset = ss_dataset_new (ref);
  ss_dataset_append_rows (dataset, (guint)trace->n_rows, trace->t, trace->rows);
  ss_dataset_append_events (dataset, (guint)trace->n_events, trace->events);
  ss_dataset_set_complete (dataset);
  ss_trace_free (trace);
  return dataset;
}

/* The mechanism at @t drawn straight by its drawing function on a white
 * @width × @height picture, in the exports' foreground colour. */
static cairo_surface_t *
direct_render (SsDataset *dataset, double t, int width, int height)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, width, height);
  cairo_t         *cr = cairo_create (surface);
  SsChartStyle     style;
  g_autoptr(SsMechanismFrame) frame = ss_mechanism_frame_new ();

  ss_chart_style_init_for_export (&style);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  g_assert_nonnull (ss_mechanism_frame_draw (frame, dataset, t, cr, width, height, &style.fg, 1, TRUE));
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

/* PSNR in dB of the RGB of @data (BGRx rows of @stride) against @surface. */
static double
psnr (cairo_surface_t *surface, const guint8 *data, int stride)
{
  int           w = cairo_image_surface_get_width (surface), h = cairo_image_surface_get_height (surface);
  const guint8 *ref = cairo_image_surface_get_data (surface);
  int           ref_stride = cairo_image_surface_get_stride (surface);
  double        sum = 0;

  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      for (int c = 0; c < 3; c++)
        {
          double d = (double)data[y * stride + 4 * x + c] - ref[y * ref_stride + 4 * x + c];

          sum += d * d;
        }
  sum /= 3.0 * w * h;
  return sum > 0 ? 10 * log10 (255.0 * 255.0 / sum) : INFINITY;
}

static gboolean
have_encoder (void)
{
  g_autoptr(GError) error = NULL;

  if (ss_animation_check_encoder (&error))
    return TRUE;
  g_test_skip (error->message);
  return FALSE;
}

static SsAnimationFrames *
make_frames (SsDataset *dataset, double t0, double t1, double speed, guint fps, int width, int height)
{
  SsAnimationOptions options;
  g_autoptr(GError) error = NULL;
  SsAnimationFrames *frames;

  ss_animation_options_init (&options);
  options.t0 = t0;
  options.t1 = t1;
  options.speed = speed;
  options.fps = fps;
  options.width = width;
  options.height = height;
  frames = ss_animation_frames_new (dataset, NULL, &options, &error);
  g_assert_no_error (error);
  return frames;
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

static char *
fresh_dir (const char *name)
{
  char *dir = g_build_filename (tmpdir, name, NULL);

  g_assert_cmpint (g_mkdir (dir, 0755), ==, 0);
  return dir;
}

/* ---- WebM ----------------------------------------------------------- */

/* 2 s of one-mass at 30 fps, 1×: a WebM with one VP8 stream of 640 × 480
 * lasting 2.00 s ± a frame; its first and last decoded frames are the
 * drawing at 0 and 2 s within the encoder's loss. */
static void
test_webm (void)
{
  g_autoptr(SsDataset) dataset = one_mass_run (2.0);
  g_autoptr(SsAnimationFrames) frames = NULL;
  g_autofree char *dir = fresh_dir ("webm");
  g_autofree char *path = g_build_filename (dir, "one-mass.webm", NULL);
  g_autofree char *uri = g_filename_to_uri (path, NULL, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GstDiscoverer) discoverer = NULL;
  g_autoptr(GstDiscovererInfo) info = NULL;
  GList      *videos;
  GstCaps    *caps;
  const char *container;
  double      duration;

  if (!have_encoder ())
    return;
  frames = make_frames (dataset, 0, 2, 1, 30, 640, 480);
  g_assert_cmpuint (ss_animation_frames_get_n_frames (frames), ==, 60);
  g_assert_true (ss_animation_write (frames, path, SS_ANIMATION_FORMAT_WEBM, NULL, NULL, NULL, &error));
  g_assert_no_error (error);
  /* nothing but the video: no temporary file left */
  g_assert_cmpuint (count_files (dir), ==, 1);

  discoverer = gst_discoverer_new (10 * GST_SECOND, &error);
  g_assert_no_error (error);
  info = gst_discoverer_discover_uri (discoverer, uri, &error);
  g_assert_no_error (error);
  g_assert_cmpint (gst_discoverer_info_get_result (info), ==, GST_DISCOVERER_OK);
  caps = gst_discoverer_stream_info_get_caps (gst_discoverer_info_get_stream_info (info));
  container = gst_structure_get_name (gst_caps_get_structure (caps, 0));
  g_assert_cmpstr (container, ==, "video/webm");
  gst_caps_unref (caps);
  videos = gst_discoverer_info_get_video_streams (info);
  g_assert_cmpuint (g_list_length (videos), ==, 1);
  caps = gst_discoverer_stream_info_get_caps (videos->data);
  g_assert_cmpstr (gst_structure_get_name (gst_caps_get_structure (caps, 0)), ==, "video/x-vp8");
  gst_caps_unref (caps);
  g_assert_cmpuint (gst_discoverer_video_info_get_width (videos->data), ==, 640);
  g_assert_cmpuint (gst_discoverer_video_info_get_height (videos->data), ==, 480);
  gst_discoverer_stream_info_list_free (videos);
  duration = gst_discoverer_info_get_duration (info) / (double)GST_SECOND;
  g_test_message ("duration %.4f s", duration);
  g_assert_cmpfloat_with_epsilon (duration, 2.0, 1.0 / 30 + 1e-6);

  /* decode every frame; the first and the last against direct drawings */
  {
    g_autofree char *desc = g_strdup_printf (
        "filesrc location=\"%s\" ! matroskademux ! vp8dec ! videoconvert ! video/x-raw,format=BGRx ! appsink "
        "name=sink sync=false",
        path);
    g_autoptr(GstElement) pipeline = gst_parse_launch (desc, &error);
    g_autoptr(GstElement) sink = NULL;
    g_autoptr(GstSample) first = NULL;
    g_autoptr(GstSample) last = NULL;
    GstSample *sample;
    guint      n = 0;

    g_assert_no_error (error);
    sink = gst_bin_get_by_name (GST_BIN (pipeline), "sink");
    gst_element_set_state (pipeline, GST_STATE_PLAYING);
    while ((sample = gst_app_sink_pull_sample (GST_APP_SINK (sink))) != NULL)
      {
        n++;
        if (first == NULL)
          first = gst_sample_ref (sample);
        g_clear_pointer (&last, gst_sample_unref);
        last = sample;
      }
    gst_element_set_state (pipeline, GST_STATE_NULL);
    g_assert_cmpuint (n, ==, 60);
    for (guint k = 0; k < 2; k++)
      {
        GstSample       *s = k == 0 ? first : last;
        GstBuffer       *buffer = gst_sample_get_buffer (s);
        GstMapInfo       map;
        cairo_surface_t *expected = direct_render (dataset, k == 0 ? 0.0 : 2.0, 640, 480);
        double           db;

        g_assert_true (gst_buffer_map (buffer, &map, GST_MAP_READ));
        g_assert_cmpuint (map.size, ==, 640 * 480 * 4);
        db = psnr (expected, map.data, 640 * 4);
        g_test_message ("frame %s: PSNR %.1f dB", k == 0 ? "first" : "last", db);
        g_assert_cmpfloat (db, >=, 35.0);
        /* and not the other end's drawing: the frames differ there */
        if (k == 1)
          {
            cairo_surface_t *start = direct_render (dataset, 0.0, 640, 480);

            g_assert_cmpfloat (psnr (start, map.data, 640 * 4), <, db - 3);
            cairo_surface_destroy (start);
          }
        gst_buffer_unmap (buffer, &map);
        cairo_surface_destroy (expected);
      }
  }
}

/* ---- PNG sequence ------------------------------------------------------ */

/* (t1 − t0) / speed × fps frames, each byte for byte the drawing at
 * t0 + (t1 − t0) i / (n − 1). */
static void
test_png_sequence (void)
{
  g_autoptr(SsDataset) dataset = one_mass_run (3.0);
  g_autoptr(SsAnimationFrames) frames = make_frames (dataset, 0.5, 2.5, 2.0, 24, 320, 240);
  g_autofree char *dir = fresh_dir ("png");
  g_autofree char *path = g_build_filename (dir, "run.png", NULL);
  g_autoptr(GError) error = NULL;
  const guint n = 24; /* 2 s of run at 2× is 1 s: 24 frames */

  g_assert_cmpuint (ss_animation_frames_get_n_frames (frames), ==, n);
  g_assert_true (ss_animation_write (frames, path, SS_ANIMATION_FORMAT_PNG, NULL, NULL, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (count_files (dir), ==, n);
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *name = g_strdup_printf ("run-%05u.png", i + 1);
      g_autofree char *file = g_build_filename (dir, name, NULL);
      cairo_surface_t *png = cairo_image_surface_create_from_png (file);
      cairo_surface_t *expected = direct_render (dataset, 0.5 + 2.0 * i / (n - 1), 320, 240);
      const guint8    *a = cairo_image_surface_get_data (png), *b = cairo_image_surface_get_data (expected);
      guint            differ = 0;

      g_assert_cmpint (cairo_surface_status (png), ==, CAIRO_STATUS_SUCCESS);
      g_assert_cmpint (cairo_image_surface_get_width (png), ==, 320);
      g_assert_cmpint (cairo_image_surface_get_height (png), ==, 240);
      for (int y = 0; y < 240; y++)
        for (int x = 0; x < 320 * 4; x++)
          if (x % 4 != 3 &&
              a[y * cairo_image_surface_get_stride (png) + x] != b[y * cairo_image_surface_get_stride (expected) + x])
            differ++;
      g_assert_cmpuint (differ, ==, 0);
      /* consecutive frames move: each is its own time's */
      if (i == n / 2)
        {
          cairo_surface_t *other = direct_render (dataset, 0.5, 320, 240);

          g_assert_cmpint (memcmp (cairo_image_surface_get_data (other), b, 240 * 320 * 4), !=, 0);
          cairo_surface_destroy (other);
        }
      cairo_surface_destroy (png);
      cairo_surface_destroy (expected);
    }
}

/* A shorter export over a longer one leaves one sequence: the earlier
 * export's frames 13–24 of the same name go, and nothing else does: not
 * another name's frames, not a file of the same pattern this program did
 * not write (frame 20 below), nor the frames after it. */
static void
test_png_shorter_export (void)
{
  g_autoptr(SsDataset) dataset = one_mass_run (3.0);
  g_autoptr(SsAnimationFrames) longer = make_frames (dataset, 0.5, 2.5, 2.0, 24, 64, 64);
  g_autoptr(SsAnimationFrames) shorter = make_frames (dataset, 0.5, 1.5, 2.0, 24, 64, 64);
  g_autofree char *dir = fresh_dir ("png-shorter");
  g_autofree char *path = g_build_filename (dir, "run.png", NULL);
  g_autofree char *other = g_build_filename (dir, "other.png", NULL);
  g_autofree char *foreign = g_build_filename (dir, "run-00020.png", NULL);
  g_autofree char *notes = g_build_filename (dir, "run-notes.txt", NULL);
  g_autoptr(GError) error = NULL;
  cairo_surface_t *own = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 8, 8);

  g_assert_cmpuint (ss_animation_frames_get_n_frames (longer), ==, 24);
  g_assert_cmpuint (ss_animation_frames_get_n_frames (shorter), ==, 12);
  /* a longer export, another name's sequence and a note */
  g_assert_true (ss_animation_write (longer, path, SS_ANIMATION_FORMAT_PNG, NULL, NULL, NULL, &error));
  g_assert_true (ss_animation_write (longer, other, SS_ANIMATION_FORMAT_PNG, NULL, NULL, NULL, &error));
  g_assert_true (g_file_set_contents (notes, "mine", -1, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (count_files (dir), ==, 24 + 24 + 1);
  /* the shorter export over it: one sequence of 12 */
  g_assert_true (ss_animation_write (shorter, path, SS_ANIMATION_FORMAT_PNG, NULL, NULL, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (count_files (dir), ==, 12 + 24 + 1);
  for (guint i = 0; i < 24; i++)
    {
      g_autofree char *mine = ss_animation_frame_path (path, i);
      g_autofree char *theirs = ss_animation_frame_path (other, i);

      g_assert_cmpint (g_file_test (mine, G_FILE_TEST_EXISTS), ==, i < 12);
      g_assert_true (g_file_test (theirs, G_FILE_TEST_EXISTS));
    }
  /* frames 13–24 again, then 20 replaced by a picture made elsewhere */
  g_assert_true (ss_animation_write (longer, path, SS_ANIMATION_FORMAT_PNG, NULL, NULL, NULL, &error));
  g_assert_cmpint (cairo_surface_write_to_png (own, foreign), ==, CAIRO_STATUS_SUCCESS);
  cairo_surface_destroy (own);
  g_assert_true (ss_animation_write (shorter, path, SS_ANIMATION_FORMAT_PNG, NULL, NULL, NULL, &error));
  g_assert_no_error (error);
  for (guint i = 0; i < 24; i++)
    {
      g_autofree char *mine = ss_animation_frame_path (path, i);

      g_assert_cmpint (g_file_test (mine, G_FILE_TEST_EXISTS), ==, i < 12 || i >= 19);
    }
  g_assert_true (g_file_test (notes, G_FILE_TEST_EXISTS));
}

/* ---- nothing half-written ---------------------------------------------- */

static void
cancel_at_10 (guint done, guint total, gpointer data)
{
  g_assert_cmpuint (total, ==, 60);
  if (done == 10)
    g_cancellable_cancel (data);
}

/* A cancel after ten frames: an error saying so, and no file at all. */
static void
test_cancel (void)
{
  g_autoptr(SsDataset) dataset = one_mass_run (2.0);
  g_autoptr(SsAnimationFrames) frames = make_frames (dataset, 0, 2, 1, 30, 320, 240);

  for (guint k = 0; k < 2; k++)
    {
      SsAnimationFormat format = k == 0 ? SS_ANIMATION_FORMAT_PNG : SS_ANIMATION_FORMAT_WEBM;
      g_autofree char  *dir = fresh_dir (k == 0 ? "cancel-png" : "cancel-webm");
      g_autofree char  *path = g_build_filename (dir, k == 0 ? "run.png" : "run.webm", NULL);
      g_autoptr(GCancellable) cancellable = g_cancellable_new ();
      g_autoptr(GError) error = NULL;

      if (k == 1 && !have_encoder ())
        return;
      g_assert_false (ss_animation_write (frames, path, format, cancellable, cancel_at_10, cancellable, &error));
      g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
      g_assert_cmpuint (count_files (dir), ==, 0);
    }
}

/* The application quitting during an export (Ctrl+Q): its windows stop
 * the export, then ss_animation_wait_writers() returns only when the
 * export's thread has removed its temporary files. */
typedef struct
{
  guint    done;
  gboolean finished;
} QuitState;

static void
quit_progress (guint done, guint total, gpointer data)
{
  (void)total;
  ((QuitState *)g_object_get_data (data, "state"))->done = done;
}

static void
quit_finished (GObject *source, GAsyncResult *result, gpointer data)
{
  (void)source;
  g_assert_false (ss_animation_write_finish (result, NULL));
  ((QuitState *)data)->finished = TRUE;
}

static void
test_quit_waits (void)
{
  g_autoptr(SsDataset) dataset = one_mass_run (2.0);
  g_autoptr(SsAnimationFrames) frames = make_frames (dataset, 0, 2, 1, 30, 320, 240);

  for (guint k = 0; k < 2; k++)
    {
      SsAnimationFormat format = k == 0 ? SS_ANIMATION_FORMAT_PNG : SS_ANIMATION_FORMAT_WEBM;
      g_autofree char  *dir = fresh_dir (k == 0 ? "quit-png" : "quit-webm");
      g_autofree char  *path = g_build_filename (dir, k == 0 ? "run.png" : "run.webm", NULL);
      g_autoptr(GCancellable) cancellable = g_cancellable_new ();
      g_autoptr(GObject) holder = g_object_new (G_TYPE_OBJECT, NULL);
      QuitState state = { 0, FALSE };

      if (k == 1 && !have_encoder ())
        return;
      g_object_set_data (holder, "state", &state);
      ss_animation_write_async (frames, path, format, cancellable, quit_progress, holder, quit_finished, &state);
      while (state.done < 5 && !state.finished)
        g_main_context_iteration (NULL, TRUE);
      g_assert_false (state.finished);
      g_cancellable_cancel (cancellable);
      ss_animation_wait_writers ();
      /* no main-loop turn in between: the thread itself cleaned up */
      g_assert_cmpuint (count_files (dir), ==, 0);
      while (!state.finished)
        g_main_context_iteration (NULL, TRUE);
    }
}

/* A target that cannot be written: a clear error naming it, and nothing
 * written anywhere. */
static void
test_unwritable (void)
{
  g_autoptr(SsDataset) dataset = one_mass_run (1.0);
  g_autoptr(SsAnimationFrames) frames = make_frames (dataset, 0, 1, 1, 24, 320, 240);
  g_autofree char *dir = fresh_dir ("unwritable");
  g_autofree char *missing = g_build_filename (dir, "no-such-folder", NULL);
  g_autofree char *folder = g_build_filename (dir, "taken.webm", NULL);

  g_assert_cmpint (g_mkdir (folder, 0755), ==, 0);
  for (guint k = 0; k < 3; k++)
    {
      g_autofree char *path =
          k == 2 ? g_strdup (folder) : g_build_filename (missing, k == 0 ? "run.webm" : "run.png", NULL);
      SsAnimationFormat format = k == 1 ? SS_ANIMATION_FORMAT_PNG : SS_ANIMATION_FORMAT_WEBM;
      g_autoptr(GError) error = NULL;

      if (format == SS_ANIMATION_FORMAT_WEBM && !have_encoder ())
        return;
      g_assert_false (ss_animation_write (frames, path, format, NULL, NULL, NULL, &error));
      g_assert_nonnull (error);
      g_test_message ("%s", error->message);
      /* the message names where: the folder, or the file */
      g_assert_nonnull (strstr (error->message, k == 2 ? "taken.webm" : "no-such-folder"));
      g_assert_nonnull (strstr (error->message, k == 2 ? "it is a folder" : "No such file"));
      /* only the folder made above */
      g_assert_cmpuint (count_files (dir), ==, 1);
      g_assert_cmpuint (count_files (folder), ==, 0);
    }
}

/* ---- the command line ------------------------------------------------ */

/* The app with @args; @plugins: GStreamer's plugins from there only. */
static gboolean
run_app_with (const char *const *args, const char *plugins, char **out, char **err)
{
  const char *app = g_getenv ("STICKSLIP_APP");
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  /* messages in UTF-8 whatever the caller's locale */
  g_auto (GStrv) env = g_environ_setenv (g_get_environ (), "LC_ALL", "C.UTF-8", TRUE);

  g_ptr_array_add (argv, (gpointer)app);
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer)args[i]);
  g_ptr_array_add (argv, NULL);
  if (plugins != NULL)
    {
      g_autofree char *registry = g_build_filename (plugins, "registry.bin", NULL);

      env = g_environ_setenv (env, "GST_PLUGIN_SYSTEM_PATH_1_0", plugins, TRUE);
      env = g_environ_setenv (env, "GST_PLUGIN_PATH_1_0", plugins, TRUE);
      env = g_environ_setenv (env, "GST_REGISTRY_1_0", registry, TRUE);
    }

  return test_spawn (NULL, (const char *const *)argv->pdata, (const char *const *)env, NULL, NULL, out, err) == 0;
}

static gboolean
run_app (const char *const *args, char **out, char **err)
{
  return run_app_with (args, NULL, out, err);
}

/* `stickslip --export-animation` with the CLI's --set and run options: the
 * frames the options ask for, the value set drawn; bad options refused by
 * name with nothing written. */
static void
test_command_line (void)
{
  g_autofree char *dir = fresh_dir ("cli");
  g_autofree char *path = g_build_filename (dir, "m.png", NULL);
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  const char      *args[] = { "--export-animation",
                              path,
                              "--scenario",
                              "one-mass",
                              "--set",
                              "k=400",
                              "--t-end",
                              "1.5",
                              "--from",
                              "0.5",
                              "--fps",
                              "24",
                              "--speed",
                              "0.5",
                              "--size",
                              "200x100",
                              NULL };
  const char      *bad[][5] = {
         { "--speed", "20", "Speed 20× is outside 0.1–10×" },
         { "--fps", "25", "Frame rate 25 is not one of 24, 30 and 60" },
         { "--size", "201x100", "must be even numbers" },
         { "--to", "9", "within the run, up to 1.5 s" },
         { "--set", "k=-1", "'k'" },
         /* this test runs without a display */
         { "--charts", "1", "--charts needs a display (X11 or Wayland)" },
  };

  g_assert_true (run_app (args, &out, &err));
  g_assert_nonnull (strstr (out, "48 frames, 200 × 100 px, 2.00 s"));
  g_assert_cmpuint (count_files (dir), ==, 48);
  {
    g_autofree char *last = g_build_filename (dir, "m-00048.png", NULL);
    cairo_surface_t *png = cairo_image_surface_create_from_png (last);

    g_assert_cmpint (cairo_image_surface_get_width (png), ==, 200);
    g_assert_cmpint (cairo_image_surface_get_height (png), ==, 100);
    cairo_surface_destroy (png);
  }
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autofree char *target = g_build_filename (dir, "bad.webm", NULL);
      const char      *argv2[] = {
             "--export-animation", target, "--scenario", "one-mass", "--t-end", "1.5", bad[i][0], bad[i][1], NULL
      };
      g_autofree char *o = NULL;
      g_autofree char *e = NULL;

      g_assert_false (run_app (argv2, &o, &e));
      g_test_message ("%s", e);
      g_assert_nonnull (strstr (e, bad[i][2]));
      g_assert_false (g_file_test (target, G_FILE_TEST_EXISTS));
    }
  g_assert_cmpuint (count_files (dir), ==, 48);
}

/* GStreamer without its plugins: WebM refused naming the element missing
 * and its Debian package, nothing written; PNG frames still work. */
static void
test_missing_encoder (void)
{
  g_autofree char *dir = fresh_dir ("no-plugins");
  g_autofree char *plugins = fresh_dir ("plugins");
  g_autofree char *webm = g_build_filename (dir, "m.webm", NULL);
  g_autofree char *png = g_build_filename (dir, "m.png", NULL);
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  const char      *args[] = { "--export-animation", webm, "--t-end", "1", "--size", "128x96", NULL };
  const char      *png_args[] = { "--export-animation", png, "--t-end", "1", "--size", "128x96", NULL };

  g_assert_false (run_app_with (args, plugins, &out, &err));
  g_test_message ("%s", err);
  g_assert_nonnull (strstr (err, "GStreamer’s “appsrc” element is missing: install the package "
                                 "gstreamer1.0-plugins-base, or export a PNG sequence"));
  g_assert_cmpuint (count_files (dir), ==, 0);
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_true (run_app_with (png_args, plugins, &out, &err));
  g_assert_cmpuint (count_files (dir), ==, 30);
}

int
main (int argc, char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  gst_init (&argc, &argv);
  tmpdir = g_dir_make_tmp ("test-video-XXXXXX", NULL);
  g_test_add_func ("/video/webm", test_webm);
  g_test_add_func ("/video/png-sequence", test_png_sequence);
  g_test_add_func ("/video/png-shorter-export", test_png_shorter_export);
  g_test_add_func ("/video/cancel", test_cancel);
  g_test_add_func ("/video/quit-waits", test_quit_waits);
  g_test_add_func ("/video/unwritable", test_unwritable);
  g_test_add_func ("/video/command-line", test_command_line);
  g_test_add_func ("/video/missing-encoder", test_missing_encoder);
  status = g_test_run ();
  if (status == 0)
    {
      g_autofree char *cmd = g_strdup_printf ("rm -rf '%s'", tmpdir);

      (void)system (cmd);
    }
  g_free (tmpdir);
  return status;
}
