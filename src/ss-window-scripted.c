/* ss-window-scripted.c - the window run by script, then closed: --play and
 * --screenshot (simulate through Play's path, save the window as PNG) and
 * --bench (slider changes and Play on long histories, timed). */
#define G_LOG_DOMAIN "ss-window"

#include "config.h"

#include "ss-bench.h"
#include "ss-export.h"
#include "ss-window-private.h"

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

/* --bench: for one-mass, dupont and two-block
 *   1. 20 slider changes on the default history, each measured from the
 *      adjustment's change to the end of the frame that draws the new run;
 *   2. 1e5 samples per series on screen (dt_out = t_end / 1e5), then 3 s of
 *      Play at 1x, recording each frame's draw time and interval. */
typedef enum
{
  BENCH_START,
  BENCH_SLIDER,
  BENCH_FILL,
  BENCH_PLAY,
  BENCH_NEXT,
} BenchPhase;

typedef struct
{
  SsWindow   *self;
  guint       scenario;
  BenchPhase  phase;
  int         count;
  gint64      phase_start;
  SsParamRow *row;
  double      slider_a;
  double      slider_b;
} Bench;

static const char *bench_scenarios[] = { "one-mass", "dupont", "two-block" };

static gboolean
bench_cb (gpointer data)
{
  Bench             *b = data;
  SsWindow          *self = b->self;
  SsSimulation      *sim = self->simulation;
  const ss_scenario *sc;
  ss_run_opts        opts = { 0 };

  if (ss_simulation_is_busy (sim) && b->phase != BENCH_PLAY)
    return G_SOURCE_CONTINUE;

  switch (b->phase)
    {
    case BENCH_START:
      if (b->scenario >= G_N_ELEMENTS (bench_scenarios))
        {
          ss_bench_report ();
          gtk_window_close (GTK_WINDOW (self));
          g_object_unref (self);
          g_free (b);
          return G_SOURCE_REMOVE;
        }
      ss_simulation_set_run_options (sim, &opts);
      ss_window_set_scenario (self, bench_scenarios[b->scenario]);
      ss_bench_set_label (bench_scenarios[b->scenario]);
      sc = self->scenario;
      b->row = NULL;
      for (int i = 0; i < sc->n_params && b->row == NULL; i++)
        if (sc->params[i].kind == SS_PARAM_REAL)
          b->row = ss_param_panel_get_row (self->param_panel, sc->params[i].name);
      b->slider_a = gtk_adjustment_get_value (ss_param_row_get_adjustment (b->row));
      b->slider_b = b->slider_a + 0.02 * (gtk_adjustment_get_upper (ss_param_row_get_adjustment (b->row)) -
                                          gtk_adjustment_get_lower (ss_param_row_get_adjustment (b->row)));
      b->count = 0;
      b->phase = BENCH_SLIDER;
      break;

    case BENCH_SLIDER:
      if (b->count < 20)
        {
          gtk_adjustment_set_value (ss_param_row_get_adjustment (b->row), b->count % 2 ? b->slider_a : b->slider_b);
          b->count++;
          break;
        }
      gtk_adjustment_set_value (ss_param_row_get_adjustment (b->row), b->slider_a);
      b->phase = BENCH_FILL;
      break;

    case BENCH_FILL:
      {
        g_autofree char *label = g_strdup_printf ("%s, 1e5 samples", bench_scenarios[b->scenario]);

        sc = self->scenario;
        opts.t_end = 2 * sc->t_end;
        opts.dt_out = sc->t_end / 1e5;
        ss_bench_set_label (label);
        ss_simulation_set_run_options (sim, &opts);
        ss_simulation_reset (sim);
        ss_simulation_set_speed (sim, 1.0);
        b->phase = BENCH_PLAY;
        b->phase_start = 0;
      }
      break;

    case BENCH_PLAY:
      if (b->phase_start == 0)
        {
          if (ss_simulation_is_busy (sim))
            break;
          ss_simulation_set_playing (sim, TRUE);
          b->phase_start = g_get_monotonic_time ();
        }
      else if (g_get_monotonic_time () - b->phase_start > 3 * G_USEC_PER_SEC)
        {
          g_autofree char *msg = NULL;
          SsDataset       *ds = ss_simulation_get_dataset (sim);

          ss_simulation_set_playing (sim, FALSE);
          g_printerr ("%s: %u samples per series on screen at the end of Play\n", bench_scenarios[b->scenario],
                      ss_dataset_get_n_rows (ds));
          b->phase = BENCH_NEXT;
        }
      break;

    case BENCH_NEXT:
    default:
      b->scenario++;
      b->phase = BENCH_START;
      break;
    }
  return G_SOURCE_CONTINUE;
}

void
ss_window_run_benchmark (SsWindow *self)
{
  Bench *b = g_new0 (Bench, 1);

  b->self = g_object_ref (self);
  g_timeout_add (120, bench_cb, b);
}
