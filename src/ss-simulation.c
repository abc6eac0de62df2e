/* ss-simulation.c - the simulation GObject: its properties and signals,
 * the requests (start, parameter changes, reset) and the run shown.
 *
 * The worker thread and its hand-over are ss-simulation-worker.c's, the
 * playhead is ss-simulation-playback.c's (ss-simulation-private.h). */
#define G_LOG_DOMAIN "ss-simulation"

#include <math.h>
#include <string.h>

#include "ss-memory-budget.h"
#include "ss-simulation-private.h"

/* Parameter requests closer together than this belong to one drag. */
#define DRAG_PAUSE_US (400 * 1000)
/* A final run expected to take longer than a frame shows a preview first. */
#define PREVIEW_OVER_MS 16.0
/* Complete final runs kept for a change back to their values (undo, redo,
 * a key step back, A/B toggling): at most this many shown, this many
 * computed ahead (ss_simulation_prefetch), and bytes. */
#define KEPT_RUNS  4
#define KEPT_AHEAD 2

G_DEFINE_FINAL_TYPE (SsSimulation, ss_simulation, G_TYPE_OBJECT)

GParamSpec *_ss_simulation_properties[N_PROPS];
guint       _ss_simulation_signals[N_SIGNALS];

void
_ss_simulation_set_progress (SsSimulation *self, double progress)
{
  if (self->progress == progress)
    return;
  self->progress = progress;
  g_object_notify_by_pspec (G_OBJECT (self), _ss_simulation_properties[PROP_PROGRESS]);
}

/* The shown run changed (the worker handed a batch over): the playhead's
 * modes are read again, then "updated", and "failed" with the run's error. */
void
_ss_simulation_run_changed (SsSimulation *self, const char *error)
{
  _ss_simulation_invalidate_modes (self);
  g_signal_emit (self, _ss_simulation_signals[UPDATED], 0);
  if (error != NULL)
    g_signal_emit (self, _ss_simulation_signals[FAILED], 0, error);
}

static void
kept_run_free (gpointer data)
{
  KeptRun *k = data;

  g_object_unref (k->dataset);
  g_free (k);
}

/* The memory budget's holder: the kept runs count. */
static void
collect_kept (gpointer owner, GHashTable *datasets, gsize *pending)
{
  SsSimulation *self = owner;

  (void)pending;
  for (GList *l = self->kept.head; l != NULL; l = l->next)
    g_hash_table_add (datasets, ((KeptRun *)l->data)->dataset);
}

/* Keeps @dataset, a complete final run without error (@ahead: computed
 * ahead, not shown), newest first; the oldest go past KEPT_RUNS shown or
 * KEPT_AHEAD ahead, or KEPT_BYTES. */
void
_ss_simulation_keep_run (SsSimulation *self, SsDataset *dataset, const ss_stats *stats, gboolean ahead)
{
  KeptRun *k;
  gsize    bytes = 0;
  guint    n = 0, n_ahead = 0;

  if (!self->keep_runs)
    return;
  for (GList *l = self->kept.head; l != NULL; l = l->next)
    if (((KeptRun *)l->data)->dataset == dataset)
      {
        kept_run_free (l->data);
        g_queue_delete_link (&self->kept, l);
        break;
      }
  k = g_new0 (KeptRun, 1);
  k->dataset = g_object_ref (dataset);
  k->stats = *stats;
  k->ahead = ahead;
  g_queue_push_head (&self->kept, k);
  for (GList *l = self->kept.head; l != NULL;)
    {
      GList   *next = l->next;
      KeptRun *kept = l->data;
      gboolean over = kept->ahead ? ++n_ahead > KEPT_AHEAD : ++n > KEPT_RUNS;

      bytes += ss_memory_budget_dataset_bytes (kept->dataset);
      if (over || bytes > KEPT_BYTES)
        {
          kept_run_free (l->data);
          g_queue_delete_link (&self->kept, l);
        }
      l = next;
    }
}

/* The kept run of @model's scenario and values with @opts (its stats into
 * @stats), or NULL. */
SsDataset *
_ss_simulation_find_run (SsSimulation *self, const ss_model *model, const ss_run_opts *opts, ss_stats *stats)
{
  const ss_scenario *sc = ss_model_scenario (model);

  if (!self->keep_runs)
    return NULL;
  for (GList *l = self->kept.head; l != NULL; l = l->next)
    {
      KeptRun           *k = l->data;
      const ss_model    *m = ss_dataset_get_model (k->dataset);
      const ss_run_opts *o = ss_dataset_get_run_options (k->dataset);

      if (ss_model_scenario (m) == sc &&
          memcmp (ss_model_values (m), ss_model_values (model), sizeof (double) * (gsize)sc->n_params) == 0 &&
          o->t_end == opts->t_end && o->dt_out == opts->dt_out && o->rtol == opts->rtol && o->atol == opts->atol &&
          o->max_steps == opts->max_steps && o->max_events == opts->max_events)
        {
          *stats = k->stats;
          return k->dataset;
        }
    }
  return NULL;
}

/* Whether a change back to values run before shows that run at once
 * (default: yes, unless STICKSLIP_KEEP_RUNS=0); off, nothing is kept. */
void
ss_simulation_set_keep_runs (SsSimulation *self, gboolean keep)
{
  g_return_if_fail (SS_IS_SIMULATION (self));
  self->keep_runs = keep;
  if (!keep)
    g_queue_clear_full (&self->kept, kept_run_free);
}

/* Tests: @hook is called on the worker thread as each run starts, before
 * it integrates (NULL: none); it may block to hold the run, so a test
 * knows a run is on while it sends newer requests. */
void
ss_simulation_set_run_hook (SsSimulation *self, SsSimulationRunHook hook, gpointer data)
{
  g_return_if_fail (SS_IS_SIMULATION (self));
  g_mutex_lock (&self->mutex);
  self->run_hook = hook;
  self->run_hook_data = data;
  g_mutex_unlock (&self->mutex);
}

/* Whether the final run behind a preview runs beside it on a second
 * thread (default: with two processors or more) or after it. */
void
ss_simulation_set_finals_beside (SsSimulation *self, gboolean beside)
{
  g_return_if_fail (SS_IS_SIMULATION (self));
  self->finals_beside = beside;
}

static void
ss_simulation_dispose (GObject *object)
{
  SsSimulation *self = (SsSimulation *)object;

  ss_memory_budget_remove_holder (self);
  g_queue_clear_full (&self->kept, kept_run_free);
  _ss_simulation_stop_worker (self);
  g_clear_pointer (&self->model, ss_model_ref_unref);
  g_clear_object (&self->dataset);
  g_clear_object (&self->ghost);
  g_clear_object (&self->ghost_candidate);
  g_clear_object (&self->modes_dataset);

  G_OBJECT_CLASS (ss_simulation_parent_class)->dispose (object);
}

static void
ss_simulation_finalize (GObject *object)
{
  SsSimulation *self = (SsSimulation *)object;

  g_free (self->modes);
  g_free (self->error);
  g_mutex_clear (&self->mutex);
  g_cond_clear (&self->cond);

  G_OBJECT_CLASS (ss_simulation_parent_class)->finalize (object);
}

static void
ss_simulation_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  SsSimulation *self = SS_SIMULATION (object);

  switch (prop_id)
    {
    case PROP_PLAYING:
      g_value_set_boolean (value, self->playing);
      break;
    case PROP_SPEED:
      g_value_set_double (value, self->speed);
      break;
    case PROP_TIME:
      g_value_set_double (value, self->time);
      break;
    case PROP_LOOP:
      g_value_set_boolean (value, self->loop);
      break;
    case PROP_PROGRESS:
      g_value_set_double (value, self->progress);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ss_simulation_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  SsSimulation *self = SS_SIMULATION (object);

  switch (prop_id)
    {
    case PROP_PLAYING:
      ss_simulation_set_playing (self, g_value_get_boolean (value));
      break;
    case PROP_SPEED:
      ss_simulation_set_speed (self, g_value_get_double (value));
      break;
    case PROP_TIME:
      ss_simulation_set_time (self, g_value_get_double (value));
      break;
    case PROP_LOOP:
      ss_simulation_set_loop (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ss_simulation_class_init (SsSimulationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = ss_simulation_dispose;
  object_class->finalize = ss_simulation_finalize;
  object_class->get_property = ss_simulation_get_property;
  object_class->set_property = ss_simulation_set_property;

  _ss_simulation_properties[PROP_PLAYING] = g_param_spec_boolean (
      "playing", NULL, NULL, FALSE, G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  _ss_simulation_properties[PROP_SPEED] = g_param_spec_double (
      "speed", NULL, NULL, 0.01, 100.0, 1.0, G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* the playhead, s */
  _ss_simulation_properties[PROP_TIME] = g_param_spec_double (
      "time", NULL, NULL, 0.0, G_MAXDOUBLE, 0.0, G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  _ss_simulation_properties[PROP_LOOP] = g_param_spec_boolean (
      "loop", NULL, NULL, FALSE, G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* share of a recompute done once it takes longer than a glance, else -1 */
  _ss_simulation_properties[PROP_PROGRESS] = g_param_spec_double (
      "progress", NULL, NULL, -1.0, 1.0, -1.0, G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, _ss_simulation_properties);

  /* New samples arrived or a run replaced the dataset. */
  _ss_simulation_signals[UPDATED] =
      g_signal_new ("updated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /* The integrator gave up; the argument is the engine's message. */
  _ss_simulation_signals[FAILED] = g_signal_new ("failed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                                                 NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
ss_simulation_init (SsSimulation *self)
{
  g_mutex_init (&self->mutex);
  g_cond_init (&self->cond);
  self->speed = 1.0;
  self->progress = -1.0;
  self->preview_over_ms = PREVIEW_OVER_MS;
  g_queue_init (&self->kept);
  self->keep_runs = g_strcmp0 (g_getenv ("STICKSLIP_KEEP_RUNS"), "0") != 0;
  /* two runs at once: two processors (or as STICKSLIP_FINALS_BESIDE=0/1
   * says, to measure either way) */
  self->finals_beside = g_get_num_processors () >= 2;
  if (g_getenv ("STICKSLIP_FINALS_BESIDE") != NULL)
    self->finals_beside = g_strcmp0 (g_getenv ("STICKSLIP_FINALS_BESIDE"), "0") != 0;
  ss_memory_budget_add_holder (self, collect_kept);
  _ss_simulation_start_worker (self);
}

SsSimulation *
ss_simulation_new (void)
{
  return g_object_new (SS_TYPE_SIMULATION, NULL);
}

void
ss_simulation_set_run_options (SsSimulation *self, const ss_run_opts *opts)
{
  g_return_if_fail (SS_IS_SIMULATION (self));
  self->opts = *opts;
}

const ss_run_opts *
ss_simulation_get_run_options (SsSimulation *self)
{
  return &self->opts;
}

static void
start_ref (SsSimulation *self, SsModelRef *model)
{
  g_autoptr (SsDataset) dataset = ss_dataset_new (model);

  if (self->model != model)
    {
      SsModelRef *old = self->model;

      self->model = ss_model_ref_ref (model);
      g_clear_pointer (&old, ss_model_ref_unref);
    }
  g_set_object (&self->dataset, dataset);
  g_clear_object (&self->ghost);
  g_clear_object (&self->ghost_candidate);
  g_clear_pointer (&self->error, g_free);
  self->finished = FALSE;
  self->preview = FALSE;
  self->kept_shown = FALSE;
  self->computed = 0.0;
  memset (&self->stats, 0, sizeof self->stats);
  g_free (self->modes);
  self->n_modes = ss_model_n_contacts (ss_model_ref_get_model (model));
  self->modes = g_new0 (int, MAX (self->n_modes, 1));
  self->time = 0.0;
  _ss_simulation_request_run (self, model, TRUE, FALSE, FALSE, 0);

  _ss_simulation_notify_time (self);
  g_signal_emit (self, _ss_simulation_signals[UPDATED], 0);
}

/* A new scenario, law or file: a whole new run, the playhead at 0.  Takes
 * ownership. */
void
ss_simulation_start (SsSimulation *self, ss_model *model)
{
  g_autoptr (SsModelRef) ref = NULL;

  g_return_if_fail (SS_IS_SIMULATION (self));
  g_return_if_fail (model != NULL);

  ref = ss_model_ref_new (model);
  start_ref (self, ref);
}

static void
recompute (SsSimulation *self, ss_model *model, gboolean preview)
{
  g_autoptr (SsModelRef) ref = ss_model_ref_new (model);
  gint64   now = g_get_monotonic_time ();
  gboolean then_final;

  /* the ghost is the run shown before a drag began, not its last step */
  if (now - self->last_recompute_request > DRAG_PAUSE_US && self->dataset != NULL && !self->preview &&
      ss_dataset_get_n_rows (self->dataset) > 1)
    g_set_object (&self->ghost_candidate, self->dataset);
  self->last_recompute_request = now;
  g_clear_pointer (&self->error, g_free);
  /* a final change whose run takes longer than a frame shows a preview
   * first; not at the end of a drag, whose previews are on screen */
  then_final = !preview && !self->previewing && self->last_final_ms > self->preview_over_ms;
  _ss_simulation_request_run (self, ref, FALSE, preview, then_final, now);
}

/* A parameter change: the whole run again at full accuracy; the shown run
 * stays until the new one is complete, and the playhead stays where it is.
 * When the last final run took longer than the preview threshold (a
 * frame), a preview of the new values shows first (ss_simulation_get_preview)
 * and the final run follows by itself.  Takes ownership. */
void
ss_simulation_recompute (SsSimulation *self, ss_model *model)
{
  g_return_if_fail (SS_IS_SIMULATION (self));
  g_return_if_fail (model != NULL);

  recompute (self, model, FALSE);
}

/* The same while a control is being dragged: at preview accuracy (looser
 * tolerance, output at screen resolution).  A final ss_simulation_recompute
 * must follow when the drag ends.  Takes ownership. */
void
ss_simulation_recompute_preview (SsSimulation *self, ss_model *model)
{
  g_return_if_fail (SS_IS_SIMULATION (self));
  g_return_if_fail (model != NULL);

  recompute (self, model, TRUE);
}

/* The charts show @t0..@t1, s, over @n_bins pixel columns (0: unknown):
 * the worker decimates each parameter change's run for that display, so
 * the frame that shows it does not. */
void
ss_simulation_set_display (SsSimulation *self, double t0, double t1, guint n_bins)
{
  g_return_if_fail (SS_IS_SIMULATION (self));
  self->display_t0 = t0;
  self->display_t1 = t1;
  self->display_bins = n_bins;
}

/* A final change shows a preview first when the last final run took
 * longer than @ms (default: a frame, 16 ms; 0: always, -1: never). */
void
ss_simulation_set_preview_threshold (SsSimulation *self, double ms)
{
  g_return_if_fail (SS_IS_SIMULATION (self));
  self->preview_over_ms = ms < 0 ? INFINITY : ms;
}

/* Computes the run again from scratch and puts the playhead at 0. */
void
ss_simulation_reset (SsSimulation *self)
{
  g_autoptr (SsModelRef) model = NULL;

  g_return_if_fail (SS_IS_SIMULATION (self));

  if (self->model == NULL)
    return;
  model = ss_model_ref_ref (self->model);
  start_ref (self, model);
}

/* ---- the run ------------------------------------------------------------ */

gboolean
ss_simulation_get_finished (SsSimulation *self)
{
  return self->finished;
}

/* The shown run is a drag preview; the final run follows. */
gboolean
ss_simulation_get_preview (SsSimulation *self)
{
  return self->preview;
}

/* Whether the shown run is one kept from before (a change back to values
 * run before), shown again at once rather than computed. */
gboolean
ss_simulation_get_kept (SsSimulation *self)
{
  return self->kept_shown;
}

/* Share of a slow recompute done (0..1), or -1: none, or a quick one. */
double
ss_simulation_get_progress (SsSimulation *self)
{
  return self->progress;
}

SsDataset *
ss_simulation_get_dataset (SsSimulation *self)
{
  return self->dataset;
}

SsDataset *
ss_simulation_get_ghost (SsSimulation *self)
{
  return self->ghost;
}

const ss_model *
ss_simulation_get_model (SsSimulation *self)
{
  return self->model ? ss_model_ref_get_model (self->model) : NULL;
}

void
ss_simulation_get_stats (SsSimulation *self, ss_stats *stats)
{
  *stats = self->stats;
}

const char *
ss_simulation_get_error (SsSimulation *self)
{
  return self->error;
}
