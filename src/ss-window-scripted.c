/* ss-window-scripted.c - the window run by script, then closed: --play and
 * --screenshot (simulate through Play's path, save the window as PNG) and
 * --bench (slider changes, drag previews and Play on long histories of
 * every default scenario and the heavy variants, timed). */
#define G_LOG_DOMAIN "ss-window"

#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ss-bench.h"
#include "ss-export.h"
#include "ss-window-private.h"
#ifdef GDK_WINDOWING_X11
#include <gdk/x11/gdkx.h>
#endif

/* The window as the renderer draws it, saved as PNG (docs/screenshots). */
gboolean
ss_window_capture_png (SsWindow *self, const char *path, GError **error)
{
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (GTK_WIDGET (self));
  g_autoptr(GdkTexture) texture = NULL;
  GtkSnapshot   *snapshot = gtk_snapshot_new ();
  GskRenderNode *node;
  int            width = gtk_widget_get_width (GTK_WIDGET (self));
  int            height = gtk_widget_get_height (GTK_WIDGET (self));
  /* device pixels: a HiDPI screen's capture as sharp as the screen */
  int scale = gtk_widget_get_scale_factor (GTK_WIDGET (self));

  gtk_snapshot_scale (snapshot, scale, scale);
  gdk_paintable_snapshot (paintable, snapshot, width, height);
  node = gtk_snapshot_free_to_node (snapshot);
  if (node == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "nothing to capture");
      return FALSE;
    }
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (self)), node,
                                         &GRAPHENE_RECT_INIT (0, 0, width * scale, height * scale));
  gsk_render_node_unref (node);
  return ss_export_texture_png (texture, path, error);
}

typedef struct
{
  SsWindow *self;
  double    seconds;
  char     *path;
  int       settle;
} Capture;

static gboolean
capture_poll_cb (gpointer data)
{
  Capture      *c = data;
  SsSimulation *sim = c->self->simulation;

  if (ss_simulation_is_busy (sim) || !ss_simulation_get_finished (sim))
    return G_SOURCE_CONTINUE;
  if (c->settle == 0)
    ss_simulation_set_time (sim, c->seconds);
  if (c->settle++ < 4 || !gtk_widget_get_mapped (GTK_WIDGET (c->self))) /* let a few frames paint */
    return G_SOURCE_CONTINUE;
  if (c->path != NULL)
    {
      g_autoptr(GError) error = NULL;

      if (!ss_window_capture_png (c->self, c->path, &error))
        {
          if (c->settle < 100)
            return G_SOURCE_CONTINUE; /* not painted yet */
          g_printerr ("%s\n", error->message);
        }
      gtk_window_close (GTK_WINDOW (c->self));
    }
  g_free (c->path);
  g_object_unref (c->self);
  g_free (c);
  return G_SOURCE_REMOVE;
}

/* --play / --screenshot: once the whole run is computed, put the playhead
 * at @seconds, then save the window and close it. */
void
ss_window_play_and_capture (SsWindow *self, double seconds, const char *png_path)
{
  Capture *c = g_new0 (Capture, 1);

  c->self = g_object_ref (self);
  c->seconds = MIN (seconds, ss_simulation_get_t_end (self->simulation));
  c->path = g_strdup (png_path);
  g_timeout_add (100, capture_poll_cb, c);
}

/* --bench: for every default scenario and the heavy variants, with the
 * side panel open on Events and two runs pinned (the slider 5 % of its
 * range either side),
 *   1. CHANGES slider changes through the slider's adjustment (the
 *      path of a click or a key on it: one final change each);
 *   2. CHANGES drag steps, emitted as the row's value-requested
 *      (value, FALSE) the way a pressed slider's moves are, one at a time;
 *   3. a drag that does not wait (bench_drag), then the final change that
 *      ends it;
 *   4. the run again with dt_out = t_end / 1e5 (1e5 samples per series on
 *      screen) and PLAY_SECONDS of Play at 1x.
 * Each change is timed from the instant the script changes the control to
 * the end of the first frame after the run it caused was handed to the
 * charts (the window's after-paint, ss_bench_take_input); the next change
 * waits for that frame and a pause that varies, so changes fall at every
 * phase of the frame clock.  Frames of Play: before-paint to after-paint
 * and the interval between them.  Targets are printed beside the figures,
 * never asserted; the recompute column times the worker's runs of the
 * changed values, the targets' recompute is the CLI's default run. */
#define CHANGES        40 /* of each kind; STICKSLIP_BENCH_CHANGES=N to profile */
#define PLAY_SECONDS   3.0
#define PLAY_SAMPLES   1e5
#define POLL_MS        5
#define DRAG_STEP_MS   16 /* pointer motion during a drag, one per frame */
#define DRAG_STEPS     60
#define CHANGE_TIMEOUT (10 * G_USEC_PER_SEC)
/* Before a phase: the window still (no frame painted) this long, so an
 * animation the set-up started (the highlight of a chart that pinned runs
 * were added to, 1.5 s; a scroll into view) is over; at most SETTLE_MAX. */
#define STILL_US   (50 * G_TIME_SPAN_MILLISECOND)
#define SETTLE_MAX (5 * G_USEC_PER_SEC)

typedef struct
{
  const char *label;
  const char *scenario;
  const char *set[2];           /* NAME=VALUE over the defaults */
  double      t_end;            /* s, 0: the scenario's */
  double      recompute_target; /* ms, 0: none */
  double      final_target;     /* p95 ms, 0: none */
  double      preview_target;   /* p95 ms, 0: none */
} BenchCase;

static const BenchCase bench_cases[] = {
  { "one-mass", "one-mass", { NULL }, 0, 0.5, 50, 0 },
  { "dupont", "dupont", { NULL }, 0, 0.5, 50, 0 },
  { "two-block", "two-block", { NULL }, 0, 0.5, 50, 0 },
  { "gear-train", "gear-train", { NULL }, 0, 10, 50, 0 },
  { "slider-crank", "slider-crank", { NULL }, 0, 10, 50, 0 },
  { "slider-crank-offset", "slider-crank-offset", { NULL }, 0, 10, 50, 0 },
  { "two-slider", "two-slider", { NULL }, 0, 10, 50, 0 },
  /* the heavy variants */
  { "gear-train level 1, LuGre", "gear-train", { "law=lugre", NULL }, 0, 10, 50, 35 },
  { "one-mass LuGre, 30 s", "one-mass", { "law=lugre", NULL }, 30, 0, 50, 35 },
  { "two-slider flexible, LuGre", "two-slider", { "rod=flexible", "law=lugre" }, 0, 12, 50, 35 },
};

#define FRAME_TARGET          8.0 /* ms, median whole frame during Play */
#define UPDATE_CPU_TARGET     3.0 /* ms, main thread per final update, median */
#define UPDATE_CPU_P95_TARGET 8.0 /* ms, ... p95 */

typedef enum
{
  BENCH_CASE,
  BENCH_SETTLE,
  BENCH_FINAL,
  BENCH_PREVIEW,
  BENCH_DRAG,
  BENCH_PLAY_SETUP,
  BENCH_PLAY,
  BENCH_DONE,
} BenchPhase;

typedef struct
{
  SsWindow   *self;
  guint       index; /* into bench_cases */
  BenchPhase  phase;
  BenchPhase  after_settle;
  int         count;
  gboolean    waiting;   /* a change is out, its frame not yet painted */
  SsBenchKind awaited;   /* the kind the change is timed as */
  guint       seen;      /* samples of the awaited kind before the change */
  gint64      sent;      /* when the change went out, µs */
  gint64      resume_at; /* µs: the next change not before */
  gint64      play_start;
  gint64      settle_start; /* µs: the settle began; 0 before its first poll */
  gint64      last_paint;   /* µs: the last frame's after-paint */
  SsParamRow *row;
  double      slider_a;
  double      slider_b;
  char       *play_label;
  guint       samples_on_screen[G_N_ELEMENTS (bench_cases)];
  char        row_name[G_N_ELEMENTS (bench_cases)][64];
  int         n_changes; /* final changes, and as many drag steps */
  gboolean    clock_connected;
  double      load_start; /* 1-minute load average when it began */
  guint       failures;
  const char *panel; /* the side panel's page: "events" or "metrics" */
} Bench;

/* Measurements outside the figures (set-up runs, the end of a drag) */
#define SETUP_LABEL "(set-up)"

static const BenchCase *
bench_case (Bench *b)
{
  return &bench_cases[b->index];
}

/* The run settings as a user leaves them: the window's fields show them
 * and they are saved for the scenario (the next switch loads them). */
static void
bench_set_run_options (SsWindow *self, double t_end, double dt_out)
{
  ss_run_opts opts = { 0 };

  opts.t_end = t_end;
  opts.dt_out = dt_out;
  ss_simulation_set_run_options (self->simulation, &opts);
  _ss_window_run_options_changed (self);
}

static gboolean
bench_idle (Bench *b)
{
  SsSimulation *sim = b->self->simulation;
  SsRunList    *runs = ss_window_get_run_list (b->self);

  return !ss_simulation_is_busy (sim) && ss_simulation_get_finished (sim) &&
         ss_dataset_get_request_time (ss_simulation_get_dataset (sim)) == 0 &&
         (runs == NULL || !ss_run_list_is_busy (runs));
}

/* TRUE once the runs are done and the window has painted no frame for
 * STILL_US (or SETTLE_MAX has passed: something that animates for good
 * does not stop the benchmark). */
static gboolean
bench_settled (Bench *b)
{
  gint64 now = g_get_monotonic_time ();

  if (b->settle_start == 0)
    b->settle_start = now;
  if (!bench_idle (b))
    return FALSE;
  if (now - b->last_paint >= STILL_US)
    return TRUE;
  if (now - b->settle_start < SETTLE_MAX)
    return FALSE;
  g_printerr ("bench %s: the window still paints after %d s; going on\n", bench_case (b)->label,
              (int)(SETTLE_MAX / G_USEC_PER_SEC));
  return TRUE;
}

/* The first slider of the scenario that has an effect (a sensitive row). */
static SsParamRow *
bench_pick_row (SsWindow *self)
{
  const ss_scenario *sc = self->scenario;

  for (int i = 0; i < sc->n_params; i++)
    if (sc->params[i].kind == SS_PARAM_REAL)
      {
        SsParamRow *row = ss_param_panel_get_row (self->param_panel, sc->params[i].name);

        if (row != NULL && gtk_widget_get_sensitive (GTK_WIDGET (row)))
          return row;
      }
  return NULL;
}

/* Two pinned runs: the case's values with its slider 5 % of its range
 * either side. */
static void
bench_pin_two (Bench *b, const ss_scenario *sc, const double *values)
{
  GtkAdjustment     *adj = ss_param_row_get_adjustment (b->row);
  double             range = gtk_adjustment_get_upper (adj) - gtk_adjustment_get_lower (adj);
  int                param = ss_scenario_param_index (sc, ss_param_row_get_info (b->row)->name);
  g_autofree double *low = g_memdup2 (values, sizeof (double) * sc->n_params);
  g_autofree double *high = g_memdup2 (values, sizeof (double) * sc->n_params);
  const double      *pins[2] = { low, high };

  ss_window_clear_runs (b->self);
  low[param] = ss_param_row_slider_to_value (
      b->row, MAX (gtk_adjustment_get_lower (adj), gtk_adjustment_get_value (adj) - 0.05 * range));
  high[param] = ss_param_row_slider_to_value (
      b->row, MIN (gtk_adjustment_get_upper (adj), gtk_adjustment_get_value (adj) + 0.05 * range));
  ss_window_pin_states (b->self, sc, G_N_ELEMENTS (pins), pins, NULL);
}

static void
bench_start_case (Bench *b)
{
  const BenchCase   *bc = bench_case (b);
  const ss_scenario *sc = ss_scenario_find (bc->scenario);
  g_autofree double *values = g_new (double, sc->n_params);

  ss_bench_set_label (SETUP_LABEL);
  ss_scenario_defaults (sc, values);
  for (guint i = 0; i < G_N_ELEMENTS (bc->set) && bc->set[i] != NULL; i++)
    {
      char *error = NULL;

      if (!ss_param_set_assignment (sc, values, bc->set[i], &error))
        g_error ("bench %s: %s", bc->label, error);
    }
  /* the scenario left with default run settings: the next switch to it
   * starts from them */
  bench_set_run_options (b->self, 0, 0);
  ss_window_apply_state (b->self, sc, values);
  ss_bench_set_label (SETUP_LABEL);
  if (bc->t_end > 0)
    {
      bench_set_run_options (b->self, bc->t_end, 0);
      ss_simulation_reset (b->self->simulation);
    }
  b->row = bench_pick_row (b->self);
  g_return_if_fail (b->row != NULL);
  g_strlcpy (b->row_name[b->index], ss_param_row_get_info (b->row)->name, sizeof b->row_name[b->index]);
  {
    GtkAdjustment *adj = ss_param_row_get_adjustment (b->row);

    /* a 1 % step of the slider: a modest change, as one step of a drag */
    double step = 0.01 * (gtk_adjustment_get_upper (adj) - gtk_adjustment_get_lower (adj));

    b->slider_a = gtk_adjustment_get_value (adj);
    b->slider_b = b->slider_a + step <= gtk_adjustment_get_upper (adj) ? b->slider_a + step : b->slider_a - step;
  }
  bench_pin_two (b, sc, values);
  /* the side panel open on the events (or the metrics), as a user
   * comparing runs has it */
  gtk_toggle_button_set_active (b->self->panel_button, TRUE);
  adw_view_stack_set_visible_child_name (b->self->panel_stack, b->panel);
  b->count = 0;
  b->waiting = FALSE;
  b->resume_at = 0;
  b->phase = BENCH_SETTLE;
  b->after_settle = BENCH_FINAL;
}

/* TRUE when the change that went out has been painted, or gave up. */
static gboolean
bench_change_done (Bench *b, SsBenchKind kind)
{
  gint64 now = g_get_monotonic_time ();

  if (ss_bench_count (bench_case (b)->label, kind) > b->seen)
    return TRUE;
  if (now - b->sent > CHANGE_TIMEOUT)
    {
      g_printerr ("bench %s: change %d got no frame within %d s\n", bench_case (b)->label, b->count,
                  (int)(CHANGE_TIMEOUT / G_USEC_PER_SEC));
      b->failures++;
      return TRUE;
    }
  return FALSE;
}

/* Pauses of 17-53 ms between changes: the changes fall at every phase of
 * the frame clock. */
static gint64
bench_pause (int count)
{
  return (17 + (count * 7919) % 37) * 1000;
}

/* One step of the script; TRUE when a change went out or is awaited. */
static gboolean
bench_changes (Bench *b, SsBenchKind kind, int n_changes)
{
  const BenchCase *bc = bench_case (b);
  gint64           now = g_get_monotonic_time ();
  double           slider = b->count % 2 == 0 ? b->slider_b : b->slider_a;

  if (b->waiting)
    {
      if (!bench_change_done (b, kind))
        return TRUE;
      b->waiting = FALSE;
      b->count++;
      b->resume_at = now + bench_pause (b->count);
      return TRUE;
    }
  if (b->count >= n_changes)
    return FALSE;
  if (now < b->resume_at || ss_simulation_is_busy (b->self->simulation))
    return TRUE;
  ss_bench_set_label (bc->label);
  b->awaited = kind;
  b->seen = ss_bench_count (bc->label, kind);
  b->waiting = TRUE;
  b->sent = g_get_monotonic_time ();
  ss_bench_mark_input ();
  if (kind == SS_BENCH_LATENCY)
    gtk_adjustment_set_value (ss_param_row_get_adjustment (b->row), slider); /* a final change */
  else
    g_signal_emit_by_name (b->row, "value-requested", ss_param_row_slider_to_value (b->row, slider), FALSE);
  return TRUE;
}

/* A drag that does not wait: a step every DRAG_STEP_MS, as pointer motion
 * comes, for DRAG_STEPS steps; FALSE when it is over.  Its previews are
 * timed under "LABEL, drag": how many were shown, and how late. */
static gboolean
bench_drag (Bench *b)
{
  g_autofree char *label = g_strdup_printf ("%s, drag", bench_case (b)->label);
  gint64           now = g_get_monotonic_time ();
  double           slider = b->count % 2 == 0 ? b->slider_b : b->slider_a;

  if (b->n_changes == 0 || b->count >= DRAG_STEPS)
    return FALSE;
  if (now < b->resume_at)
    return TRUE;
  ss_bench_set_label (label);
  ss_bench_mark_input ();
  g_signal_emit_by_name (b->row, "value-requested", ss_param_row_slider_to_value (b->row, slider), FALSE);
  b->count++;
  b->resume_at += DRAG_STEP_MS * 1000;
  return TRUE;
}

static void
bench_start_play (Bench *b)
{
  const BenchCase *bc = bench_case (b);
  double           t_end = bc->t_end > 0 ? bc->t_end : b->self->scenario->t_end;

  ss_bench_set_label (SETUP_LABEL);
  ss_window_clear_runs (b->self); /* Play draws the current run alone */
  bench_set_run_options (b->self, bc->t_end, t_end / PLAY_SAMPLES);
  ss_simulation_reset (b->self->simulation);
  gtk_adjustment_set_value (b->self->speed_adjustment, 0.0); /* 1x */
  b->play_start = 0;
  b->phase = BENCH_SETTLE;
  b->after_settle = BENCH_PLAY;
}

/* STICKSLIP_BENCH_CASES=LABEL,LABEL...: only the cases whose labels
 * contain one of these (profiling one case). */
static gboolean
bench_selected (const BenchCase *bc)
{
  const char *only = g_getenv ("STICKSLIP_BENCH_CASES");
  g_auto(GStrv) parts = NULL;

  if (only == NULL || only[0] == '\0')
    return TRUE;
  parts = g_strsplit (only, ",", -1);
  for (int i = 0; parts[i] != NULL; i++)
    if (parts[i][0] != '\0' && strstr (bc->label, parts[i]) != NULL)
      return TRUE;
  return FALSE;
}

static void
print_ms (GString *s, double value, int width)
{
  if (isnan (value))
    g_string_append_printf (s, " %*s", width, "-");
  else
    g_string_append_printf (s, " %*.1f", width, value);
}

/* The columns of the table: a measure of a case's label (or of its Play
 * label) and its quantile. */
typedef struct
{
  const char *title;
  const char *tsv;
  SsBenchKind kind;
  double      q;
  char        where; /* see bench_columns */
  gboolean    count; /* how many samples, not a quantile */
} BenchColumn;

/* where: 'c' the case's changes, 'd' its continuous drag, 'p' its Play */
static const BenchColumn bench_columns[] = {
  { "recompute", "recompute_p50", SS_BENCH_RECOMPUTE, 0.5, 'c', FALSE },
  { "final p50", "final_p50", SS_BENCH_LATENCY, 0.5, 'c', FALSE },
  { "final p95", "final_p95", SS_BENCH_LATENCY, 0.95, 'c', FALSE },
  { "prev.run", "preview_recompute_p50", SS_BENCH_PREVIEW_RECOMPUTE, 0.5, 'c', FALSE },
  { "prev. p50", "preview_p50", SS_BENCH_PREVIEW_LATENCY, 0.5, 'c', FALSE },
  { "prev. p95", "preview_p95", SS_BENCH_PREVIEW_LATENCY, 0.95, 'c', FALSE },
  { "drag seen", "drag_previews_shown", SS_BENCH_PREVIEW_LATENCY, 0, 'd', TRUE },
  { "drag p50", "drag_p50", SS_BENCH_PREVIEW_LATENCY, 0.5, 'd', FALSE },
  { "new frame", "curves_frame_p50", SS_BENCH_CURVES_FRAME, 0.5, 'c', FALSE },
  { "its CPU", "curves_frame_cpu_p50", SS_BENCH_CURVES_FRAME_CPU, 0.5, 'c', FALSE },
  { "upd.CPU", "update_cpu_p50", SS_BENCH_UPDATE_CPU, 0.5, 'c', FALSE },
  { "upd.p95", "update_cpu_p95", SS_BENCH_UPDATE_CPU, 0.95, 'c', FALSE },
  { "frame", "frame_p50", SS_BENCH_PAINT, 0.5, 'p', FALSE },
  { "frame CPU", "frame_cpu_p50", SS_BENCH_PAINT_CPU, 0.5, 'p', FALSE },
  { "interval", "interval_p50", SS_BENCH_INTERVAL, 0.5, 'p', FALSE },
};

static double
bench_target (const BenchCase *bc, guint column)
{
  const char *name = bench_columns[column].tsv;
  double      t = NAN;

  if (strcmp (name, "recompute_p50") == 0)
    t = bc->recompute_target;
  else if (strcmp (name, "final_p95") == 0)
    t = bc->final_target;
  else if (strcmp (name, "preview_p95") == 0)
    t = bc->preview_target;
  else if (strcmp (name, "frame_p50") == 0)
    t = FRAME_TARGET;
  else if (strcmp (name, "update_cpu_p50") == 0)
    t = UPDATE_CPU_TARGET;
  else if (strcmp (name, "update_cpu_p95") == 0)
    t = UPDATE_CPU_P95_TARGET;
  return t > 0 ? t : NAN;
}

static double
load_average (void)
{
  g_autofree char *text = NULL;

  if (!g_file_get_contents ("/proc/loadavg", &text, NULL, NULL))
    return NAN;
  return g_ascii_strtod (text, NULL);
}

/* The window manager's name, "none" without one (on X11, GTK 4.8 then
 * asks the X server for one at every layout of the window: two round
 * trips more per frame that lays anything out), "-" off X11. */
static const char *
window_manager (GtkWidget *widget)
{
#ifdef GDK_WINDOWING_X11
  GdkDisplay *display = gtk_widget_get_display (widget);

  if (GDK_IS_X11_DISPLAY (display))
    {
      const char *name = gdk_x11_screen_get_window_manager_name (gdk_x11_display_get_screen (display));

      return name == NULL || strcmp (name, "unknown") == 0 ? "none" : name;
    }
#else
  (void)widget;
#endif
  return "-";
}

/* One line per case, its targets under it; with STICKSLIP_BENCH_TSV=FILE
 * the same as tab-separated values (tools/bench-gui.sh reads them). */
static void
bench_print_table (Bench *b)
{
  g_autoptr(GString) s = g_string_new (NULL);
  g_autoptr(GString) tsv = g_string_new ("case\tslider");
  const char *tsv_path = g_getenv ("STICKSLIP_BENCH_TSV");

  g_string_append_printf (s, "stickslip --bench: GUI latency and frames, ms (CVODE: %s; %s; window manager: %s)\n",
                          ss_cvode_build (), G_OBJECT_TYPE_NAME (gtk_native_get_renderer (GTK_NATIVE (b->self))),
                          window_manager (GTK_WIDGET (b->self)));
  g_string_append_printf (s,
                          "final: %d slider changes; prev.: %d drag steps one at a time; both from the control's "
                          "change to the end of the frame that shows their curves.  drag: %d steps %d ms apart, "
                          "previews seen and their p50.  new frame: the frame that shows a change's curves.  "
                          "upd.CPU, upd.p95: the main thread's CPU per final run, from its hand-over to the end "
                          "of that frame (side panel open on %s, two pinned runs).  "
                          "recompute, prev.run: the worker's run.  frame: "
                          "Play for %.0f s at 1x with %.0e samples per series, before- to after-paint (CPU: the main "
                          "thread's).  Load average %.2f at the start, %.2f at the end.\n",
                          b->n_changes, b->n_changes, DRAG_STEPS, DRAG_STEP_MS,
                          g_str_equal (b->panel, "metrics") ? "Metrics" : "Events", PLAY_SECONDS, PLAY_SAMPLES,
                          b->load_start, load_average ());
  g_string_append_printf (s, "%-28s %-10s", "case", "slider");
  for (guint c = 0; c < G_N_ELEMENTS (bench_columns); c++)
    {
      g_string_append_printf (s, " %9s", bench_columns[c].title);
      g_string_append_printf (tsv, "\t%s", bench_columns[c].tsv);
    }
  g_string_append (s, "  samples\n");
  g_string_append (tsv, "\tsamples\n");
  for (guint i = 0; i < G_N_ELEMENTS (bench_cases); i++)
    {
      const BenchCase *bc = &bench_cases[i];
      g_autofree char *play = g_strdup_printf ("%s, Play", bc->label);
      g_autofree char *drag = g_strdup_printf ("%s, drag", bc->label);

      if (!bench_selected (bc))
        continue;
      g_string_append_printf (s, "%-28s %-10s", bc->label, b->row_name[i]);
      g_string_append_printf (tsv, "%s\t%s", bc->label, b->row_name[i]);
      for (guint c = 0; c < G_N_ELEMENTS (bench_columns); c++)
        {
          const BenchColumn *col = &bench_columns[c];
          const char        *label = col->where == 'p' ? play : col->where == 'd' ? drag : bc->label;
          double v = col->count ? ss_bench_count (label, col->kind) : ss_bench_quantile (label, col->kind, col->q);

          print_ms (s, v, 9);
          g_string_append_printf (tsv, "\t%.3f", v);
        }
      g_string_append_printf (s, " %8u\n%-28s %-10s", b->samples_on_screen[i], "  target", "");
      g_string_append_printf (tsv, "\t%u\n", b->samples_on_screen[i]);
      for (guint c = 0; c < G_N_ELEMENTS (bench_columns); c++)
        print_ms (s, bench_target (bc, c), 9);
      g_string_append (s, "\n");
    }
  if (b->failures > 0)
    g_string_append_printf (s, "%u changes got no frame (see above)\n", b->failures);
  fputs (s->str, stdout);
  fflush (stdout);
  if (tsv_path != NULL)
    {
      g_autoptr(GError) error = NULL;

      if (!g_file_set_contents (tsv_path, tsv->str, -1, &error))
        g_printerr ("%s\n", error->message);
    }
}

static gint64 frame_cpu_start;
static gint64 frame_start;

static gint64
thread_cpu_us (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return (gint64)ts.tv_sec * G_USEC_PER_SEC + ts.tv_nsec / 1000;
}

static void
bench_before_paint_cb (GdkFrameClock *clock, gpointer data)
{
  (void)clock;
  (void)data;
  frame_start = g_get_monotonic_time ();
  frame_cpu_start = thread_cpu_us ();
  ss_bench_trace ("frame: before-paint");
}

static void
bench_layout_cb (GdkFrameClock *clock, gpointer data)
{
  (void)clock;
  (void)data;
  ss_bench_trace ("frame: layout done");
}

/* The main thread's share of a frame: what waiting (for the X server, for
 * the CPU another process holds) is not */
static void
bench_after_paint_cb (GdkFrameClock *clock, gpointer data)
{
  Bench *b = data;

  (void)clock;
  if (frame_cpu_start != 0)
    {
      double cpu = (thread_cpu_us () - frame_cpu_start) / 1000.0;

      ss_bench_record (SS_BENCH_PAINT_CPU, cpu);
      /* the window's after-paint, before this one, timed the change */
      if (b->waiting && ss_bench_count (bench_case (b)->label, b->awaited) > b->seen)
        {
          ss_bench_record (SS_BENCH_CURVES_FRAME, (g_get_monotonic_time () - frame_start) / 1000.0);
          ss_bench_record (SS_BENCH_CURVES_FRAME_CPU, cpu);
        }
    }
  frame_cpu_start = 0;
  b->last_paint = g_get_monotonic_time ();
  ss_bench_trace ("frame: after-paint");
}

static gboolean
bench_cb (gpointer data)
{
  Bench        *b = data;
  SsWindow     *self = b->self;
  SsSimulation *sim = self->simulation;

  switch (b->phase)
    {
    case BENCH_CASE:
      if (!gtk_widget_get_mapped (GTK_WIDGET (self)))
        break;
      if (!b->clock_connected)
        {
          GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (self));

          g_signal_connect (clock, "before-paint", G_CALLBACK (bench_before_paint_cb), b);
          g_signal_connect (clock, "after-paint", G_CALLBACK (bench_after_paint_cb), b);
          if (ss_bench_tracing ())
            g_signal_connect (clock, "layout", G_CALLBACK (bench_layout_cb), b);
          b->clock_connected = TRUE;
        }
      while (b->index < G_N_ELEMENTS (bench_cases) && !bench_selected (&bench_cases[b->index]))
        b->index++;
      if (b->index >= G_N_ELEMENTS (bench_cases))
        {
          b->phase = BENCH_DONE;
          break;
        }
      bench_start_case (b);
      break;

    case BENCH_SETTLE:
      if (bench_settled (b))
        {
          b->settle_start = 0;
          b->phase = b->after_settle;
          ss_bench_trace ("settled");
        }
      break;

    case BENCH_FINAL:
      if (!bench_changes (b, SS_BENCH_LATENCY, b->n_changes))
        {
          b->count = 0;
          b->resume_at = 0;
          b->phase = BENCH_PREVIEW;
        }
      break;

    case BENCH_PREVIEW:
      if (!bench_changes (b, SS_BENCH_PREVIEW_LATENCY, b->n_changes))
        {
          b->count = 0;
          b->resume_at = g_get_monotonic_time ();
          b->phase = BENCH_DRAG;
        }
      break;

    case BENCH_DRAG:
      if (!bench_drag (b))
        {
          /* the release: the drag's final change, not timed */
          ss_bench_set_label (SETUP_LABEL);
          g_signal_emit_by_name (b->row, "value-requested", ss_param_row_get_value (b->row), TRUE);
          b->phase = BENCH_SETTLE;
          b->after_settle = BENCH_PLAY_SETUP;
        }
      break;

    case BENCH_PLAY_SETUP:
      bench_start_play (b);
      break;

    case BENCH_PLAY:
      if (b->play_start == 0)
        {
          g_free (b->play_label);
          b->play_label = g_strdup_printf ("%s, Play", bench_case (b)->label);
          ss_bench_set_label (b->play_label);
          ss_simulation_set_time (sim, 0.0);
          ss_simulation_set_playing (sim, TRUE);
          b->play_start = g_get_monotonic_time ();
          if (ss_bench_tracing ())
            g_printerr ("trace Play starts at %" G_GINT64_FORMAT " µs (monotonic)\n", b->play_start);
        }
      else if (g_get_monotonic_time () - b->play_start > PLAY_SECONDS * G_USEC_PER_SEC)
        {
          ss_simulation_set_playing (sim, FALSE);
          if (ss_bench_tracing ())
            g_printerr ("trace Play ends at %" G_GINT64_FORMAT " µs (monotonic)\n", g_get_monotonic_time ());
          ss_bench_set_label (SETUP_LABEL);
          b->samples_on_screen[b->index] = ss_dataset_get_n_rows (ss_simulation_get_dataset (sim));
          ss_window_clear_runs (self);
          bench_set_run_options (self, 0, 0);
          b->index++;
          b->phase = BENCH_CASE;
        }
      break;

    case BENCH_DONE:
    default:
      bench_print_table (b);
      ss_bench_report ();
      g_signal_handlers_disconnect_by_data (gtk_widget_get_frame_clock (GTK_WIDGET (self)), b);
      gtk_window_close (GTK_WINDOW (self));
      g_object_unref (self);
      g_free (b->play_label);
      g_free (b);
      return G_SOURCE_REMOVE;
    }
  return G_SOURCE_CONTINUE;
}

void
ss_window_run_benchmark (SsWindow *self)
{
  Bench      *b = g_new0 (Bench, 1);
  const char *panel;

  b->self = g_object_ref (self);
  b->load_start = load_average ();
  /* its changes go back and forth between two values: every run computed */
  ss_simulation_set_keep_runs (self->simulation, FALSE);
  b->n_changes = CHANGES;
  if (g_getenv ("STICKSLIP_BENCH_CHANGES") != NULL)
    b->n_changes = CLAMP (atoi (g_getenv ("STICKSLIP_BENCH_CHANGES")), 0, 10000);
  /* STICKSLIP_BENCH_PANEL=metrics: the side panel on the metrics */
  panel = g_getenv ("STICKSLIP_BENCH_PANEL");
  b->panel = g_strcmp0 (panel, "metrics") == 0 ? "metrics" : "events";
  if (panel != NULL && !g_str_equal (panel, b->panel))
    g_printerr ("stickslip --bench: STICKSLIP_BENCH_PANEL must be events or metrics; using events\n");
  g_timeout_add (POLL_MS, bench_cb, b);
}
