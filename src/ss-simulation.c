/* ss-simulation.c - the worker thread and its hand-over to the main loop.
 *
 * The worker owns the ss_sim.  It never touches widgets: samples go into a
 * batch under the mutex and at most one idle callback is pending.  Every
 * restart (reset, new scenario, parameter change) gets a new generation;
 * batches of an older generation are dropped on arrival.  A parameter change
 * is a new model handed over at a step boundary: the worker recomputes the
 * whole history from t = 0 and abandons that recompute as soon as a newer
 * model arrives, so a fast drag never queues stale runs. */
#define G_LOG_DOMAIN "ss-simulation"

#include <math.h>
#include <string.h>

#include "ss-bench.h"
#include "ss-simulation.h"

/* Simulated seconds integrated between checks for a newer request. */
#define RECOMPUTE_CHUNK 0.5
/* Parameter requests closer together than this belong to one drag. */
#define DRAG_PAUSE_US (400 * 1000)
/* A recompute still running after this shows its progress. */
#define SLOW_RUN_US (250 * 1000)

typedef struct
{
  guint       gen;
  gboolean    replace; /* a whole run from t = 0 */
  SsModelRef *model;
  int         n_columns;
  GArray     *times;
  GArray     *rows;
  GArray     *events;
  int        *modes;
  int         n_modes;
  double      time;     /* simulated time reached */
  gboolean    finished; /* t_end reached */
  char       *error;    /* the engine's message on failure */
  ss_stats    stats;
  gint64      request_time; /* when the main thread asked for this run */
  double      compute_ms;   /* worker wall time of a recompute */
} Batch;

struct _SsSimulation
{
  GObject parent_instance;

  /* main thread only */
  guint       generation;
  SsModelRef *model;
  SsDataset  *dataset;
  SsDataset  *ghost;
  SsDataset  *ghost_candidate;
  gint64      last_recompute_request;
  ss_run_opts opts;
  gboolean    playing;
  double      speed;
  double      play_target;
  gint64      last_frame_time;
  double      time;
  gboolean    finished;
  char       *error;
  int        *modes;
  int         n_modes;
  ss_stats    stats;
  double      progress;       /* share of a slow recompute done, or -1 */
  gboolean    recomputing;    /* a recompute asked for, its run not delivered */
  gint64      progress_since; /* when it (the first of a drag) was asked for, us */
  guint       progress_id;    /* timeout polling the worker's progress */

  /* shared with the worker, under mutex */
  GMutex      mutex;
  GCond       cond;
  GThread    *thread;
  gboolean    quit;
  SsModelRef *req_model;
  guint       req_gen;
  double      req_horizon;
  gint64      req_time;
  ss_run_opts req_opts;
  double      target;
  guint       target_gen;
  gboolean    worker_busy;
  double      worker_reached; /* ... up to this simulated time, s */
  double      worker_horizon; /* ... of this one, s */
  gboolean    worker_done;
  double      worker_time;
  guint       worker_gen;
  Batch      *out;
  guint       idle_id;
};

G_DEFINE_FINAL_TYPE (SsSimulation, ss_simulation, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_PLAYING,
  PROP_SPEED,
  PROP_TIME,
  PROP_PROGRESS,
  N_PROPS
};

enum
{
  UPDATED,
  FAILED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint       signals[N_SIGNALS];

static void
set_progress (SsSimulation *self, double progress)
{
  if (self->progress == progress)
    return;
  self->progress = progress;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PROGRESS]);
}

static Batch *
batch_new (guint gen, gboolean replace, SsModelRef *model)
{
  Batch          *b = g_new0 (Batch, 1);
  const ss_model *m = ss_model_ref_get_model (model);

  b->gen = gen;
  b->replace = replace;
  b->model = ss_model_ref_ref (model);
  b->n_columns = ss_model_n_columns (m);
  b->times = g_array_new (FALSE, FALSE, sizeof (double));
  b->rows = g_array_new (FALSE, FALSE, sizeof (double));
  b->events = g_array_new (FALSE, FALSE, sizeof (ss_event));
  b->n_modes = ss_model_n_contacts (m);
  b->modes = g_new0 (int, MAX (b->n_modes, 1));
  return b;
}

static void
batch_free (Batch *b)
{
  if (b == NULL)
    return;
  ss_model_ref_unref (b->model);
  g_array_unref (b->times);
  g_array_unref (b->rows);
  g_array_unref (b->events);
  g_free (b->modes);
  g_free (b->error);
  g_free (b);
}

static void
batch_sample (void *user, double t, const double *row)
{
  Batch *b = user;

  g_array_append_val (b->times, t);
  g_array_append_vals (b->rows, row, b->n_columns);
}

static void
batch_event (void *user, const ss_event *ev)
{
  Batch *b = user;

  g_array_append_vals (b->events, ev, 1);
}

/* Records where an ss_sim_advance that returned @rc left the run; TRUE
 * when the run is over (end reached, or failed with its message kept). */
static gboolean
batch_snapshot_sim (Batch *b, const ss_sim *sim, int rc)
{
  const int *modes = ss_sim_modes (sim);

  if (modes != NULL && b->n_modes > 0)
    memcpy (b->modes, modes, sizeof (int) * b->n_modes);
  /* the engine may run past the target to an event: the shown time is the
   * last state it emitted */
  b->time = ss_sim_time (sim);
  if (b->times->len > 0)
    b->time = MAX (b->time, g_array_index (b->times, double, b->times->len - 1));
  ss_sim_get_stats (sim, &b->stats);
  if (rc < 0)
    b->error = g_strdup (ss_sim_error (sim));
  b->finished = rc != 0;
  return b->finished;
}

static gboolean deliver_cb (gpointer data);

/* Worker: queue @b for the main thread; takes ownership. */
static void
post_batch (SsSimulation *self, Batch *b)
{
  g_mutex_lock (&self->mutex);
  if (self->out != NULL && self->out->gen == b->gen && !b->replace)
    {
      Batch *o = self->out;

      g_array_append_vals (o->times, b->times->data, b->times->len);
      g_array_append_vals (o->rows, b->rows->data, b->rows->len);
      g_array_append_vals (o->events, b->events->data, b->events->len);
      memcpy (o->modes, b->modes, sizeof (int) * b->n_modes);
      o->time = b->time;
      o->finished = b->finished;
      o->stats = b->stats;
      if (b->error != NULL)
        o->error = g_steal_pointer (&b->error);
      batch_free (b);
    }
  else
    {
      batch_free (self->out);
      self->out = b;
    }
  self->worker_time = self->out->time;
  if (self->idle_id == 0)
    self->idle_id = g_idle_add_full (G_PRIORITY_DEFAULT, deliver_cb, self, NULL);
  g_mutex_unlock (&self->mutex);
}

static gpointer
worker_main (gpointer data)
{
  SsSimulation *self = data;
  ss_sim       *sim = NULL;
  SsModelRef   *model = NULL;
  guint         gen = 0;
  gboolean      done = TRUE;

  g_mutex_lock (&self->mutex);
  while (!self->quit)
    {
      if (self->req_model != NULL)
        {
          g_autofree char *error = NULL;
          ss_run_opts      opts = self->req_opts;
          double           horizon = self->req_horizon;
          gint64           request_time = self->req_time;
          gint64           start = g_get_monotonic_time ();
          gboolean         abandoned = FALSE;
          gboolean         first = TRUE;
          Batch           *b;
          int              rc = 0;

          g_clear_pointer (&model, ss_model_ref_unref);
          model = g_steal_pointer (&self->req_model);
          gen = self->req_gen;
          self->worker_gen = gen;
          self->worker_busy = TRUE;
          self->worker_reached = 0.0;
          self->worker_horizon = horizon;
          self->worker_done = FALSE;
          self->worker_time = 0.0;
          g_mutex_unlock (&self->mutex);

          g_clear_pointer (&sim, ss_sim_free);
          done = FALSE;
          b = batch_new (gen, TRUE, model);
          b->request_time = request_time;
          sim = ss_sim_new (ss_model_ref_get_model (model), &opts, &error);
          if (sim == NULL)
            {
              b->error = g_strdup (error ? error : "cannot start the simulation");
              b->finished = TRUE;
              done = TRUE;
            }
          else
            {
              ss_sink sink = { b, batch_sample, batch_event };

              for (;;)
                {
                  double h, next;

                  g_mutex_lock (&self->mutex);
                  abandoned = self->req_model != NULL || self->quit;
                  h = horizon;
                  if (self->target_gen == gen)
                    h = MAX (h, self->target);
                  self->worker_reached = ss_sim_time (sim);
                  self->worker_horizon = h;
                  g_mutex_unlock (&self->mutex);
                  if (abandoned || (!first && ss_sim_time (sim) >= h))
                    break;
                  first = FALSE;
                  next = MIN (h, ss_sim_time (sim) + RECOMPUTE_CHUNK);
                  rc = ss_sim_advance (sim, next, &sink);
                  if (rc != 0)
                    break;
                }
              done = batch_snapshot_sim (b, sim, rc);
            }
          b->compute_ms = (g_get_monotonic_time () - start) / 1000.0;
          if (abandoned)
            batch_free (b);
          else
            post_batch (self, b);
          g_mutex_lock (&self->mutex);
          self->worker_busy = FALSE;
          self->worker_done = done;
          continue;
        }

      if (sim != NULL && !done && self->target_gen == gen && self->target > ss_sim_time (sim))
        {
          double  target = self->target;
          Batch  *b = batch_new (gen, FALSE, model);
          ss_sink sink = { b, batch_sample, batch_event };
          int     rc;

          self->worker_busy = TRUE;
          g_mutex_unlock (&self->mutex);

          rc = ss_sim_advance (sim, target, &sink);
          done = batch_snapshot_sim (b, sim, rc);
          post_batch (self, b);

          g_mutex_lock (&self->mutex);
          self->worker_busy = FALSE;
          self->worker_done = done;
          continue;
        }

      g_cond_wait (&self->cond, &self->mutex);
    }
  g_mutex_unlock (&self->mutex);

  g_clear_pointer (&sim, ss_sim_free);
  g_clear_pointer (&model, ss_model_ref_unref);
  return NULL;
}

static gboolean
deliver_cb (gpointer data)
{
  SsSimulation *self = data;
  Batch        *b;

  g_mutex_lock (&self->mutex);
  b = g_steal_pointer (&self->out);
  self->idle_id = 0;
  g_mutex_unlock (&self->mutex);

  if (b == NULL)
    return G_SOURCE_REMOVE;
  if (b->gen != self->generation)
    {
      batch_free (b);
      return G_SOURCE_REMOVE;
    }

  if (b->replace)
    {
      g_autoptr(SsDataset) dataset = ss_dataset_new (b->model);

      self->recomputing = FALSE;
      set_progress (self, -1.0);
      if (self->ghost_candidate != NULL)
        {
          g_set_object (&self->ghost, self->ghost_candidate);
          g_clear_object (&self->ghost_candidate);
        }
      g_set_object (&self->dataset, dataset);
      if (b->request_time != 0)
        {
          ss_dataset_set_request_time (dataset, b->request_time);
          ss_bench_record (SS_BENCH_RECOMPUTE, b->compute_ms);
        }
      if (self->model != b->model)
        {
          g_clear_pointer (&self->model, ss_model_ref_unref);
          self->model = ss_model_ref_ref (b->model);
        }
    }

  ss_dataset_append_rows (self->dataset, b->times->len, (const double *)(gpointer)b->times->data,
                          (const double *)(gpointer)b->rows->data);
  ss_dataset_append_events (self->dataset, b->events->len, (const ss_event *)(gpointer)b->events->data);
  g_free (self->modes);
  self->modes = g_memdup2 (b->modes, sizeof (int) * MAX (b->n_modes, 1));
  self->n_modes = b->n_modes;
  self->stats = b->stats;
  self->time = b->time;
  self->finished = b->finished;
  if (b->error != NULL)
    {
      g_free (self->error);
      self->error = g_strdup (b->error);
    }

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TIME]);
  g_signal_emit (self, signals[UPDATED], 0);

  if (b->error != NULL)
    g_signal_emit (self, signals[FAILED], 0, b->error);
  if (b->finished && self->playing)
    ss_simulation_set_playing (self, FALSE);

  batch_free (b);
  return G_SOURCE_REMOVE;
}

static void
ss_simulation_dispose (GObject *object)
{
  SsSimulation *self = (SsSimulation *)object;

  if (self->thread != NULL)
    {
      g_mutex_lock (&self->mutex);
      self->quit = TRUE;
      g_cond_signal (&self->cond);
      g_mutex_unlock (&self->mutex);
      g_thread_join (g_steal_pointer (&self->thread));
    }
  g_clear_handle_id (&self->idle_id, g_source_remove);
  g_clear_handle_id (&self->progress_id, g_source_remove);
  g_clear_pointer (&self->out, batch_free);
  g_clear_pointer (&self->req_model, ss_model_ref_unref);
  g_clear_pointer (&self->model, ss_model_ref_unref);
  g_clear_object (&self->dataset);
  g_clear_object (&self->ghost);
  g_clear_object (&self->ghost_candidate);

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

  properties[PROP_PLAYING] = g_param_spec_boolean (
      "playing", NULL, NULL, FALSE, G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SPEED] = g_param_spec_double ("speed", NULL, NULL, 0.1, 10.0, 1.0,
                                                G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_TIME] =
      g_param_spec_double ("time", NULL, NULL, 0.0, G_MAXDOUBLE, 0.0, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  /* share of a recompute done once it takes longer than a glance, else -1 */
  properties[PROP_PROGRESS] = g_param_spec_double ("progress", NULL, NULL, -1.0, 1.0, -1.0,
                                                   G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* New samples arrived or a recompute replaced the dataset. */
  signals[UPDATED] =
      g_signal_new ("updated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /* The integrator gave up; the argument is the engine's message. */
  signals[FAILED] = g_signal_new ("failed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                  G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
ss_simulation_init (SsSimulation *self)
{
  g_mutex_init (&self->mutex);
  g_cond_init (&self->cond);
  self->speed = 1.0;
  self->progress = -1.0;
  self->thread = g_thread_new ("ss-worker", worker_main, self);
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

/* Main thread, every 100 ms while a recompute runs: how far the worker is
 * (it reports after each chunk), once the run is slow enough to show. */
static gboolean
progress_cb (gpointer data)
{
  SsSimulation *self = data;
  double        fraction = 0.0;

  if (!self->recomputing)
    {
      self->progress_id = 0;
      set_progress (self, -1.0);
      return G_SOURCE_REMOVE;
    }
  g_mutex_lock (&self->mutex);
  if (self->worker_gen == self->generation && self->worker_horizon > 0)
    fraction = CLAMP (self->worker_reached / self->worker_horizon, 0.0, 1.0);
  g_mutex_unlock (&self->mutex);
  if (g_get_monotonic_time () - self->progress_since >= SLOW_RUN_US)
    set_progress (self, fraction);
  return G_SOURCE_CONTINUE;
}

/* Main thread: hand a model (or the current one) to the worker as a new run. */
static void
request_run (SsSimulation *self, SsModelRef *model, double horizon, gboolean recompute)
{
  ss_run_opts        opts = self->opts;
  const ss_scenario *sc = ss_model_scenario (ss_model_ref_get_model (model));

  if (opts.t_end <= 0)
    opts.t_end = sc->t_end;
  if (opts.dt_out <= 0)
    opts.dt_out = sc->dt_out;

  self->generation++;
  g_mutex_lock (&self->mutex);
  g_clear_pointer (&self->req_model, ss_model_ref_unref);
  self->req_model = ss_model_ref_ref (model);
  self->req_gen = self->generation;
  self->req_horizon = horizon;
  self->req_time = recompute ? g_get_monotonic_time () : 0;
  self->req_opts = opts;
  self->target = horizon;
  self->target_gen = self->generation;
  g_cond_signal (&self->cond);
  g_mutex_unlock (&self->mutex);

  /* a drag's requests follow each other: the clock runs from the first */
  if (recompute && !self->recomputing)
    self->progress_since = g_get_monotonic_time ();
  self->recomputing = recompute;
  if (recompute && self->progress_id == 0)
    self->progress_id = g_timeout_add (100, progress_cb, self);
}

static void
start_ref (SsSimulation *self, SsModelRef *model)
{
  g_autoptr(SsDataset) dataset = ss_dataset_new (model);

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
  self->time = 0.0;
  self->play_target = 0.0;
  self->finished = FALSE;
  g_free (self->modes);
  self->n_modes = ss_model_n_contacts (ss_model_ref_get_model (model));
  self->modes = g_new0 (int, MAX (self->n_modes, 1));
  memset (&self->stats, 0, sizeof self->stats);
  request_run (self, model, 0.0, FALSE);

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TIME]);
  g_signal_emit (self, signals[UPDATED], 0);
}

/* A new scenario or law: starts again from t = 0.  Takes ownership. */
void
ss_simulation_start (SsSimulation *self, ss_model *model)
{
  g_autoptr(SsModelRef) ref = NULL;

  g_return_if_fail (SS_IS_SIMULATION (self));
  g_return_if_fail (model != NULL);

  ref = ss_model_ref_new (model);
  start_ref (self, ref);
}

/* A parameter change: recomputes the history up to the current time in the
 * worker; the shown run stays until the new one is done.  Takes ownership. */
void
ss_simulation_recompute (SsSimulation *self, ss_model *model)
{
  g_autoptr(SsModelRef) ref = NULL;
  gint64 now = g_get_monotonic_time ();

  g_return_if_fail (SS_IS_SIMULATION (self));
  g_return_if_fail (model != NULL);

  ref = ss_model_ref_new (model);
  /* the ghost is the run shown before a drag began, not its last step */
  if (now - self->last_recompute_request > DRAG_PAUSE_US && self->dataset != NULL &&
      ss_dataset_get_n_rows (self->dataset) > 1)
    g_set_object (&self->ghost_candidate, self->dataset);
  self->last_recompute_request = now;
  self->finished = FALSE;
  g_clear_pointer (&self->error, g_free);
  self->play_target = MAX (self->play_target, self->time);
  request_run (self, ref, MAX (self->time, self->play_target), TRUE);
}

void
ss_simulation_reset (SsSimulation *self)
{
  g_autoptr(SsModelRef) model = NULL;

  g_return_if_fail (SS_IS_SIMULATION (self));

  if (self->model == NULL)
    return;
  model = ss_model_ref_ref (self->model);
  start_ref (self, model);
}

/* The single path by which simulated time moves forward: Play, Step and the
 * tests all end here. */
void
ss_simulation_advance_to (SsSimulation *self, double t)
{
  g_return_if_fail (SS_IS_SIMULATION (self));

  g_mutex_lock (&self->mutex);
  if (self->target_gen != self->generation || t > self->target)
    {
      self->target = t;
      self->target_gen = self->generation;
      g_cond_signal (&self->cond);
    }
  g_mutex_unlock (&self->mutex);
}

double
ss_simulation_get_step_size (SsSimulation *self)
{
  double dt = self->opts.dt_out;

  if (dt <= 0 && self->model != NULL)
    dt = ss_model_scenario (ss_model_ref_get_model (self->model))->dt_out;
  return 10.0 * dt;
}

void
ss_simulation_step (SsSimulation *self)
{
  g_return_if_fail (SS_IS_SIMULATION (self));

  ss_simulation_set_playing (self, FALSE);
  self->play_target =
      MIN (MAX (self->play_target, self->time) + ss_simulation_get_step_size (self), ss_simulation_get_t_end (self));
  ss_simulation_advance_to (self, self->play_target);
}

void
ss_simulation_tick (SsSimulation *self, gint64 frame_time_us)
{
  double dt;

  if (!self->playing)
    return;
  if (self->last_frame_time == 0)
    {
      self->last_frame_time = frame_time_us;
      return;
    }
  dt = (frame_time_us - self->last_frame_time) / 1e6;
  self->last_frame_time = frame_time_us;
  /* after a stall the animation resumes instead of jumping ahead */
  dt = CLAMP (dt, 0.0, 0.1);
  self->play_target = MIN (self->play_target + dt * self->speed, ss_simulation_get_t_end (self));
  /* a slow law (stiff LuGre at 10x) must not let the target run away */
  self->play_target = MIN (self->play_target, self->time + 0.5 * self->speed + dt * self->speed);
  ss_simulation_advance_to (self, self->play_target);
}

gboolean
ss_simulation_get_playing (SsSimulation *self)
{
  return self->playing;
}

void
ss_simulation_set_playing (SsSimulation *self, gboolean playing)
{
  g_return_if_fail (SS_IS_SIMULATION (self));

  playing = !!playing;
  if (playing && self->finished)
    {
      if (self->error != NULL)
        return;
      ss_simulation_reset (self);
    }
  if (self->playing == playing)
    return;
  self->playing = playing;
  self->last_frame_time = 0;
  self->play_target = MAX (self->play_target, self->time);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PLAYING]);
}

double
ss_simulation_get_speed (SsSimulation *self)
{
  return self->speed;
}

void
ss_simulation_set_speed (SsSimulation *self, double speed)
{
  g_return_if_fail (SS_IS_SIMULATION (self));

  speed = CLAMP (speed, 0.1, 10.0);
  if (speed == self->speed)
    return;
  self->speed = speed;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SPEED]);
}

double
ss_simulation_get_time (SsSimulation *self)
{
  return self->time;
}

double
ss_simulation_get_t_end (SsSimulation *self)
{
  if (self->opts.t_end > 0)
    return self->opts.t_end;
  if (self->model != NULL)
    return ss_model_scenario (ss_model_ref_get_model (self->model))->t_end;
  return 0.0;
}

gboolean
ss_simulation_get_finished (SsSimulation *self)
{
  return self->finished;
}

/* Share of a slow recompute done (0..1), or -1: none, or a quick one. */
double
ss_simulation_get_progress (SsSimulation *self)
{
  return self->progress;
}

/* TRUE while the worker has work the main thread has not seen yet. */
gboolean
ss_simulation_is_busy (SsSimulation *self)
{
  gboolean busy;

  g_mutex_lock (&self->mutex);
  busy = self->req_model != NULL || self->worker_busy || self->out != NULL || self->worker_gen != self->generation ||
         (!self->worker_done && self->target_gen == self->worker_gen && self->target > self->worker_time);
  g_mutex_unlock (&self->mutex);
  return busy;
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

void
ss_simulation_clear_ghost (SsSimulation *self)
{
  g_clear_object (&self->ghost);
  g_signal_emit (self, signals[UPDATED], 0);
}

SsModelRef *
ss_simulation_get_model_ref (SsSimulation *self)
{
  return self->model;
}

const ss_model *
ss_simulation_get_model (SsSimulation *self)
{
  return self->model ? ss_model_ref_get_model (self->model) : NULL;
}

const int *
ss_simulation_get_modes (SsSimulation *self, int *n_modes)
{
  *n_modes = self->n_modes;
  return self->modes;
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
