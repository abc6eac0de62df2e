/* ss-study-dialog-bench.c - --bench-study: the study window runs two of
 * the presets' studies at twice their resolution on every core while the
 * chart redraws every frame, and prints the frame times.  A measurement,
 * not a feature: apart from the window's code. */
#define G_LOG_DOMAIN "ss-study-dialog"

#include "config.h"

#include <math.h>
#include <stdio.h>
#include <time.h>

#include "ss-bench-frames.h"
#include "ss-bench.h"
#include "ss-study-dialog-private.h"

/* The GUI's frames while studies run on every core: each frame's paint
 * (the frame clock's before-paint to after-paint: layout, the charts'
 * drawing, the renderer) and the interval between frames, with a tick
 * callback asking for a frame every refresh as an animation would.
 * Printed, not asserted. */
struct _Bench
{
  SsBenchFrameTimes times;     /* this study's */
  SsBenchFrameTimes all_times; /* every study's */
  SsBenchFrames    *recorder;
  guint             tick_id;
  guint             timeout_id;
  int               study; /* runs so far: bench_presets[study % N], BENCH_ROUNDS rounds */
  gboolean          started;
  gboolean          quit;
  guint             renders; /* the chart's body renders at the study's start */
};

static const char *const bench_presets[] = { "two-slider-gamma-grid", "gear-train-mesh" };
#define BENCH_ROUNDS 3

/* the frames while a study runs */
static SsBenchFrameTimes *
bench_target (gpointer data)
{
  SsStudyDialog *self = data;

  return ss_study_dialog_is_running (self) ? &self->bench->times : NULL;
}

/* a frame every refresh, as an animation of the chart would ask */
static gboolean
bench_tick (GtkWidget *widget, GdkFrameClock *clock, gpointer data)
{
  SsStudyDialog *self = SS_STUDY_DIALOG (widget);

  (void)clock;
  (void)data;
  if (self->chart != NULL)
    gtk_widget_queue_draw (GTK_WIDGET (self->chart));
  return G_SOURCE_CONTINUE;
}

static void
bench_report (SsStudyDialog *self)
{
  Bench      *b = self->bench;
  StudyRun   *run = self->run;
  double      wall = (run->end - run->start) / 1e6;
  const char *name = bench_presets[b->study % G_N_ELEMENTS (bench_presets)];

  ss_bench_frame_times_append (&b->all_times, &b->times);
  printf ("study %s: %d variants on %d threads in %.2f s, %d failed\n", name, run->total, run->jobs, wall,
          run->result != NULL ? run->result->n_failed : -1);
  printf ("  %u frames while it ran (%u with the chart redrawn whole): frame time (paint) median %.2f ms, "
          "95th %.2f ms, max %.2f ms (main thread's CPU median %.2f ms); between frames median %.2f ms, 95th "
          "%.2f ms\n",
          b->times.paint->len, ss_chart_get_body_renders (self->chart) - b->renders,
          ss_bench_percentile (b->times.paint, 0.5), ss_bench_percentile (b->times.paint, 0.95),
          ss_bench_percentile (b->times.paint, 1.0), ss_bench_percentile (b->times.cpu, 0.5),
          ss_bench_percentile (b->times.interval, 0.5), ss_bench_percentile (b->times.interval, 0.95));
  fflush (stdout);
}

static gboolean
bench_step (gpointer data)
{
  SsStudyDialog *self = data;
  Bench         *b = self->bench;
  GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (self));

  if (clock == NULL || (b->started && ss_study_dialog_is_running (self)))
    return G_SOURCE_CONTINUE;
  if (b->started)
    {
      bench_report (self);
      b->study++;
      b->started = FALSE;
    }
  if (b->study >= (int)G_N_ELEMENTS (bench_presets) * BENCH_ROUNDS)
    {
      gboolean quit = b->quit;

      printf ("all %d studies: %u frames while they ran: frame time (paint) median %.2f ms, 95th %.2f ms (main "
              "thread's CPU median %.2f ms); between frames median %.2f ms, 95th %.2f ms\n",
              b->study, b->all_times.paint->len, ss_bench_percentile (b->all_times.paint, 0.5),
              ss_bench_percentile (b->all_times.paint, 0.95), ss_bench_percentile (b->all_times.cpu, 0.5),
              ss_bench_percentile (b->all_times.interval, 0.5), ss_bench_percentile (b->all_times.interval, 0.95));
      fflush (stdout);
      b->timeout_id = 0;
      _ss_study_dialog_bench_stop (self);
      /* the main window it was opened over, and the application with it */
      if (quit && gtk_window_get_transient_for (GTK_WINDOW (self)) != NULL)
        gtk_window_destroy (gtk_window_get_transient_for (GTK_WINDOW (self)));
      return G_SOURCE_REMOVE;
    }
  if (b->recorder == NULL)
    b->recorder = ss_bench_frames_start (GTK_WIDGET (self), bench_target, self);
  ss_bench_frame_times_reset (&b->times);
  ss_bench_frames_restart (b->recorder);
  ss_study_dialog_load_preset (self, bench_presets[b->study % G_N_ELEMENTS (bench_presets)]);
  /* twice the resolution (the preset's points and one between each two):
   * long enough runs for a few hundred frames */
  for (int i = 0; i < (gtk_switch_get_active (self->grid_switch) ? 2 : 1); i++)
    gtk_spin_button_set_value (self->axes[i].points, 2 * gtk_spin_button_get_value_as_int (self->axes[i].points) - 1);
  if (!ss_study_dialog_start (self, NULL))
    {
      g_printerr ("study benchmark: %s did not start\n", bench_presets[b->study % G_N_ELEMENTS (bench_presets)]);
      b->study++;
      return G_SOURCE_CONTINUE;
    }
  b->renders = ss_chart_get_body_renders (self->chart);
  if (b->tick_id != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), b->tick_id);
  b->tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (self), bench_tick, NULL, NULL);
  b->started = TRUE;
  return G_SOURCE_CONTINUE;
}

void
_ss_study_dialog_bench_stop (SsStudyDialog *self)
{
  Bench *b = self->bench;

  if (b == NULL)
    return;
  ss_bench_frames_stop (b->recorder);
  if (b->tick_id != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), b->tick_id);
  if (b->timeout_id != 0)
    g_source_remove (b->timeout_id);
  ss_bench_frame_times_clear (&b->times);
  ss_bench_frame_times_clear (&b->all_times);
  g_free (b);
  self->bench = NULL;
}

/* --bench-study: the presets' 2-D grid and the gear train's mesh study at
 * twice their resolution (41 × 41 = 1681 and 41 variants), each on every
 * core, three times over, with the frame times printed per study and over
 * all; then the main window closes when @quit_when_done. */
void
ss_study_dialog_run_benchmark (SsStudyDialog *self, gboolean quit_when_done)
{
  Bench *b;

  g_return_if_fail (SS_IS_STUDY_DIALOG (self));

  _ss_study_dialog_bench_stop (self);
  b = g_new0 (Bench, 1);
  ss_bench_frame_times_init (&b->times);
  ss_bench_frame_times_init (&b->all_times);
  b->quit = quit_when_done;
  self->bench = b;
  gtk_window_present (GTK_WINDOW (self));
  b->timeout_id = g_timeout_add (100, bench_step, self);
}
