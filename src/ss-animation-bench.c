/* ss-animation-bench.c - --bench-animation: a 10 s one-mass run with two
 * charts at 1280 × 720, 30 fps, encoded as WebM twice: once with the
 * window idle (the encoder's own speed), once on the worker thread while
 * the window plays the run, with the GUI's frame times then and without
 * an export.  A measurement, not a feature; printed, not asserted
 * (docs/performance.md). */
#define G_LOG_DOMAIN "ss-animation"

#include "config.h"

#include <glib/gstdio.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "ss-animation-bench.h"
#include "ss-animation-writer.h"
#include "ss-bench-frames.h"
#include "ss-bench.h"

#define BASELINE_US (3 * G_USEC_PER_SEC)

typedef enum
{
  WAIT_RUN,
  BASELINE,
  EXPORTING,
} Stage;

typedef struct
{
  GtkWindow         *window;
  SsSimulation      *sim;
  SsPlotStack       *stack;
  Stage              stage;
  SsAnimationFrames *frames;
  char              *dir;
  char              *path;
  SsBenchFrameTimes  times[2]; /* BASELINE, EXPORTING */
  SsBenchFrames     *recorder;
  gint64             stage_start;
} Bench;

/* the window's frames go to the stage's times; none while the run comes */
static SsBenchFrameTimes *
frames_target (gpointer data)
{
  Bench *b = data;

  return b->stage == WAIT_RUN ? NULL : &b->times[b->stage == EXPORTING ? 1 : 0];
}

static void
print_frames (const char *what, Bench *b, int k)
{
  printf ("%s: %u frames, paint median %.2f ms, 95th %.2f ms, max %.2f ms (main thread's CPU median %.2f ms); "
          "between frames median %.2f ms, 95th %.2f ms, max %.2f ms\n",
          what, b->times[k].paint->len, ss_bench_percentile (b->times[k].paint, 0.5),
          ss_bench_percentile (b->times[k].paint, 0.95), ss_bench_percentile (b->times[k].paint, 1.0),
          ss_bench_percentile (b->times[k].cpu, 0.5), ss_bench_percentile (b->times[k].interval, 0.5),
          ss_bench_percentile (b->times[k].interval, 0.95), ss_bench_percentile (b->times[k].interval, 1.0));
}

static void
finish (Bench *b)
{
  ss_bench_frames_stop (b->recorder);
  g_unlink (b->path);
  g_rmdir (b->dir);
  g_clear_object (&b->frames);
  g_free (b->path);
  g_free (b->dir);
  for (int k = 0; k < 2; k++)
    ss_bench_frame_times_clear (&b->times[k]);
  gtk_window_destroy (b->window);
  g_free (b);
}

static void
exported_cb (GObject *source, GAsyncResult *result, gpointer data)
{
  Bench *b = data;
  g_autoptr(GError) error = NULL;
  double wall = (g_get_monotonic_time () - b->stage_start) / 1e6;

  (void)source;
  if (!ss_animation_write_finish (result, &error))
    printf ("export while playing failed: %s\n", error->message);
  else
    printf ("export on the worker while the window plays: %u frames in %.2f s (%.1f frames/s)\n",
            ss_animation_frames_get_n_frames (b->frames), wall, ss_animation_frames_get_n_frames (b->frames) / wall);
  print_frames ("  the window's frames meanwhile", b, 1);
  fflush (stdout);
  finish (b);
}

static void
progress_cb (guint done, guint total, gpointer data)
{
  (void)total;
  (void)data;
  (void)done;
}

static gboolean
step (gpointer data)
{
  Bench        *b = data;
  SsSimulation *sim = b->sim;
  SsDataset    *dataset = ss_simulation_get_dataset (sim);

  switch (b->stage)
    {
    case WAIT_RUN:
      {
        SsAnimationOptions options;
        guint              charts[2] = { 0, 1 };
        gint64             t0;
        double             setup, wall;
        g_autoptr(GError) error = NULL;
        double la[3] = { 0 };

        if (dataset == NULL || !ss_dataset_get_complete (dataset) || ss_simulation_is_busy (sim))
          return G_SOURCE_CONTINUE;
        ss_animation_options_init (&options);
        options.width = 1280;
        options.height = 720;
        options.fps = 30;
        options.charts = charts;
        options.n_charts = 2;
        if (getloadavg (la, 3) < 0)
          la[0] = la[1] = la[2] = NAN;
        printf ("Export Animation benchmark: %s, %.0f s run, charts 1 and 2, 1280 × 720, 30 fps, WebM (VP8)\n",
                ss_model_scenario (ss_dataset_get_model (dataset))->name, ss_dataset_get_end_time (dataset));
        printf ("Load average %.2f %.2f %.2f on %u cores\n", la[0], la[1], la[2], g_get_num_processors ());
        t0 = g_get_monotonic_time ();
        b->frames = ss_animation_frames_new (dataset, b->stack, &options, &error);
        setup = (g_get_monotonic_time () - t0) / 1e3;
        if (b->frames == NULL ||
            !ss_animation_write (b->frames, b->path, SS_ANIMATION_FORMAT_WEBM, NULL, NULL, NULL, &error))
          {
            printf ("export failed: %s\n", error->message);
            finish (b);
            return G_SOURCE_REMOVE;
          }
        wall = (g_get_monotonic_time () - t0) / 1e6;
        printf ("export alone (window idle): %u frames in %.2f s (%.1f frames/s); the charts drawn once first: %.0f "
                "ms on the main thread\n",
                ss_animation_frames_get_n_frames (b->frames), wall, ss_animation_frames_get_n_frames (b->frames) / wall,
                setup);
        fflush (stdout);
        g_unlink (b->path);
        ss_simulation_set_loop (sim, TRUE);
        ss_simulation_set_playing (sim, TRUE);
        b->stage = BASELINE;
        b->stage_start = g_get_monotonic_time ();
        ss_bench_frames_restart (b->recorder);
        return G_SOURCE_CONTINUE;
      }
    case BASELINE:
      if (g_get_monotonic_time () - b->stage_start < BASELINE_US)
        return G_SOURCE_CONTINUE;
      print_frames ("the window playing, no export", b, 0);
      b->stage = EXPORTING;
      b->stage_start = g_get_monotonic_time ();
      ss_bench_frames_restart (b->recorder);
      ss_animation_write_async (b->frames, b->path, SS_ANIMATION_FORMAT_WEBM, NULL, progress_cb, NULL, exported_cb, b);
      return G_SOURCE_REMOVE;
    case EXPORTING:
    default:
      return G_SOURCE_REMOVE;
    }
}

/* Runs the benchmark on @sim's run and @stack's charts, shown in @window,
 * prints it, closes the window. */
void
ss_animation_bench_run (GtkWindow *window, SsSimulation *sim, SsPlotStack *stack)
{
  Bench *b = g_new0 (Bench, 1);

  b->window = window;
  b->sim = sim;
  b->stack = stack;
  b->dir = g_dir_make_tmp ("bench-animation-XXXXXX", NULL);
  b->path = g_build_filename (b->dir, "bench.webm", NULL);
  for (int k = 0; k < 2; k++)
    ss_bench_frame_times_init (&b->times[k]);
  gtk_widget_realize (GTK_WIDGET (window));
  b->recorder = ss_bench_frames_start (GTK_WIDGET (window), frames_target, b);
  g_timeout_add (50, step, b);
}
