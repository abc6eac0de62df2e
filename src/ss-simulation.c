/* ss-simulation.c - the worker thread that computes whole runs, its hand-over
 * to the main loop, and the playhead.
 *
 * The worker owns the ss_sim.  It never touches widgets: samples go into a
 * batch under the mutex and at most one idle callback is pending.  Every
 * request (start, reset, parameter change) gets a new generation; batches of
 * an older generation are dropped on arrival, but for the previews of the
 * drag still going on.  The worker integrates a run in slices and abandons
 * it as soon as a newer request arrives, so a fast drag never queues stale
 * runs; only a preview runs on when the newer request is a preview too: a
 * drag faster than its previews shows every other one instead of none, and
 * only the newest request waits (one slot).
 *
 * A new scenario's run is handed over slice by slice, so a slow one fills the
 * charts as it goes and the playhead can start; a parameter change keeps the
 * previous curves until the whole new run is there. */
#define G_LOG_DOMAIN "ss-simulation"

#include <math.h>
#include <string.h>

#include "ss-bench.h"
#include "ss-simulation.h"

/* A run is integrated in this many slices, checking for newer requests
 * between them. */
#define RUN_SLICES 100
/* A progressive run hands over what it has at most this often, µs. */
#define HANDOVER_US (40 * 1000)
/* Parameter requests closer together than this belong to one drag. */
#define DRAG_PAUSE_US (400 * 1000)
/* A recompute still running after this shows its progress. */
#define SLOW_RUN_US (250 * 1000)
/* Preview accuracy while a control is being dragged. */
#define PREVIEW_RTOL       1e-6
#define PREVIEW_ROWS       2000.0
#define PREVIEW_MAX_EVENTS 20000

typedef struct
{
  guint       gen;
  gboolean    replace; /* the first batch of a run: a new dataset */
  gboolean    preview; /* computed at preview accuracy */
  SsModelRef *model;
  int         n_columns;
  GArray     *times;
  GArray     *rows;
  GArray     *events;
  double      reached;  /* simulated time reached, s */
  gboolean    finished; /* the run is over (t_end reached, or failed) */
  char       *error;    /* the engine's message on failure */
  ss_stats    stats;
  gint64      request_time; /* when the main thread asked for this run, µs */
  double      compute_ms;   /* worker wall time of the whole run */
} Batch;

typedef struct
{
  SsModelRef *model;
  ss_run_opts opts;
  guint       gen;
  gboolean    progressive; /* hand over slices as they are done */
  gboolean    preview;
  gint64      time; /* request time, µs (0: not a parameter change) */
} Request;

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
  guint       drag_generation; /* the first generation of the drag going on: its previews are shown */
  ss_run_opts opts;
  gboolean    finished; /* the shown run reached t_end (or failed) */
  gboolean    preview;  /* the shown run is a drag preview */
  double      computed; /* simulated time the shown run reaches, s */
  char       *error;
  ss_stats    stats;
  double      progress;       /* share of a slow recompute done, or -1 */
  gboolean    recomputing;    /* a recompute asked for, its run not delivered */
  gint64      progress_since; /* when it (the first of a drag) was asked for, µs */
  guint       progress_id;    /* timeout polling the worker's progress */

  /* the playhead */
  double     time; /* s */
  gboolean   playing;
  gboolean   loop;
  double     speed;
  gint64     last_frame_time;
  int       *modes; /* per contact at the playhead */
  int        n_modes;
  guint      modes_row; /* the dataset row they were read from */
  SsDataset *modes_dataset;

  /* shared with the worker, under mutex */
  GMutex   mutex;
  GCond    cond;
  GThread *thread;
  gboolean quit;
  Request  req; /* req.model != NULL: a run waits */
  gboolean worker_busy;
  guint    worker_gen;     /* the run the worker is on */
  double   worker_reached; /* ... up to this simulated time, s */
  double   worker_t_end;   /* ... of this one, s */
  Batch   *out;
  guint    idle_id;
};

G_DEFINE_FINAL_TYPE (SsSimulation, ss_simulation, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_PLAYING,
  PROP_SPEED,
  PROP_TIME,
  PROP_LOOP,
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
batch_new (const Request *req, gboolean replace)
{
  Batch          *b = g_new0 (Batch, 1);
  const ss_model *m = ss_model_ref_get_model (req->model);

  b->gen = req->gen;
  b->replace = replace;
  b->preview = req->preview;
  b->model = ss_model_ref_ref (req->model);
  b->n_columns = ss_model_n_columns (m);
  b->times = g_array_new (FALSE, FALSE, sizeof (double));
  b->rows = g_array_new (FALSE, FALSE, sizeof (double));
  b->events = g_array_new (FALSE, FALSE, sizeof (ss_event));
  b->request_time = req->time;
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

static gboolean deliver_cb (gpointer data);

/* Worker: queue @b for the main thread; takes ownership.  Batches of one run
 * merge while the main thread has not taken them yet. */
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
      o->reached = b->reached;
      o->finished = b->finished;
      o->stats = b->stats;
      o->compute_ms = b->compute_ms;
      if (b->error != NULL)
        o->error = g_steal_pointer (&b->error);
      batch_free (b);
    }
  else
    {
      batch_free (self->out);
      self->out = b;
    }
  if (self->idle_id == 0)
    self->idle_id = g_idle_add_full (G_PRIORITY_DEFAULT, deliver_cb, self, NULL);
  g_mutex_unlock (&self->mutex);
}

/* Worker: integrates one whole run; FALSE when a newer request abandoned it. */
static gboolean
compute_run (SsSimulation *self, const Request *req)
{
  g_autofree char *error = NULL;
  const ss_model  *m = ss_model_ref_get_model (req->model);
  gint64           start = g_get_monotonic_time ();
  gint64           last_post = start;
  Batch           *b = batch_new (req, TRUE);
  ss_sim          *sim = ss_sim_new (m, &req->opts, &error);
  ss_sink          sink = { b, batch_sample, batch_event };
  double           t_end, slice;
  int              rc = 0;

  ss_bench_trace ("worker: run starts");
  if (sim == NULL)
    {
      b->error = g_strdup (error ? error : "cannot start the simulation");
      b->finished = TRUE;
      post_batch (self, b);
      return TRUE;
    }
  t_end = ss_sim_t_end (sim);
  slice = t_end / RUN_SLICES;
  for (;;)
    {
      gboolean abandoned;
      double   next = MIN (t_end, ss_sim_time (sim) + slice);

      rc = ss_sim_advance (sim, next, &sink);
      g_mutex_lock (&self->mutex);
      /* a preview goes on under a newer preview: its curves are worth
       * showing while the drag lasts, and the newest follows it */
      abandoned = (self->req.model != NULL && !(req->preview && self->req.preview)) || self->quit;
      self->worker_reached = ss_sim_time (sim);
      g_mutex_unlock (&self->mutex);
      if (abandoned)
        {
          batch_free (b);
          ss_sim_free (sim);
          return FALSE;
        }
      if (rc != 0)
        break;
      if (req->progressive && g_get_monotonic_time () - last_post >= HANDOVER_US)
        {
          b->reached = ss_sim_time (sim);
          ss_sim_get_stats (sim, &b->stats);
          post_batch (self, b);
          b = batch_new (req, FALSE);
          sink.user = b;
          last_post = g_get_monotonic_time ();
        }
    }
  b->reached = ss_sim_time (sim);
  if (b->times->len > 0)
    b->reached = MAX (b->reached, g_array_index (b->times, double, b->times->len - 1));
  ss_sim_get_stats (sim, &b->stats);
  if (rc < 0)
    b->error = g_strdup (ss_sim_error (sim));
  b->finished = TRUE;
  b->compute_ms = (g_get_monotonic_time () - start) / 1000.0;
  ss_sim_free (sim);
  ss_bench_trace ("worker: run done");
  post_batch (self, b);
  return TRUE;
}

static gpointer
worker_main (gpointer data)
{
  SsSimulation *self = data;

  g_mutex_lock (&self->mutex);
  while (!self->quit)
    {
      Request req;

      if (self->req.model == NULL)
        {
          g_cond_wait (&self->cond, &self->mutex);
          continue;
        }
      req = self->req;
      self->req.model = NULL;
      self->worker_busy = TRUE;
      self->worker_gen = req.gen;
      self->worker_reached = 0.0;
      self->worker_t_end = req.opts.t_end;
      g_mutex_unlock (&self->mutex);

      compute_run (self, &req);
      ss_model_ref_unref (req.model);

      g_mutex_lock (&self->mutex);
      self->worker_busy = FALSE;
    }
  g_mutex_unlock (&self->mutex);
  return NULL;
}

static void
invalidate_modes (SsSimulation *self)
{
  g_clear_object (&self->modes_dataset);
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

  ss_bench_trace ("hand-over starts");
  if (b == NULL)
    return G_SOURCE_REMOVE;
  /* older runs are stale, but for the previews of the drag going on */
  if (b->gen != self->generation && !(b->preview && b->gen >= self->drag_generation))
    {
      batch_free (b);
      return G_SOURCE_REMOVE;
    }

  if (b->replace)
    {
      g_autoptr (SsDataset) dataset = ss_dataset_new (b->model);

      if (self->ghost_candidate != NULL)
        {
          g_set_object (&self->ghost, self->ghost_candidate);
          g_clear_object (&self->ghost_candidate);
        }
      g_set_object (&self->dataset, dataset);
      if (b->request_time != 0)
        ss_dataset_set_request_time (dataset, b->request_time);
      if (self->model != b->model)
        {
          g_clear_pointer (&self->model, ss_model_ref_unref);
          self->model = ss_model_ref_ref (b->model);
        }
      self->preview = b->preview;
    }
  if (b->finished && b->gen == self->generation)
    {
      self->recomputing = FALSE;
      set_progress (self, -1.0);
    }
  if (b->finished)
    {
      if (b->request_time != 0 && b->compute_ms > 0)
        ss_bench_record (b->preview ? SS_BENCH_PREVIEW_RECOMPUTE : SS_BENCH_RECOMPUTE, b->compute_ms);
    }

  ss_dataset_append_rows (self->dataset, b->times->len, (const double *)(gpointer)b->times->data,
                          (const double *)(gpointer)b->rows->data);
  ss_dataset_append_events (self->dataset, b->events->len, (const ss_event *)(gpointer)b->events->data);
  if (b->finished)
    ss_dataset_set_complete (self->dataset);
  self->stats = b->stats;
  self->computed = b->reached;
  self->finished = b->finished;
  if (b->error != NULL)
    {
      g_free (self->error);
      self->error = g_strdup (b->error);
    }
  invalidate_modes (self);

  ss_bench_trace ("hand-over: dataset filled");
  g_signal_emit (self, signals[UPDATED], 0);
  if (b->error != NULL)
    g_signal_emit (self, signals[FAILED], 0, b->error);

  batch_free (b);
  ss_bench_trace ("hand-over done (updated emitted)");
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
  g_clear_pointer (&self->req.model, ss_model_ref_unref);
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

  properties[PROP_PLAYING] = g_param_spec_boolean (
      "playing", NULL, NULL, FALSE, G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SPEED] = g_param_spec_double ("speed", NULL, NULL, 0.01, 100.0, 1.0,
                                                G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* the playhead, s */
  properties[PROP_TIME] = g_param_spec_double ("time", NULL, NULL, 0.0, G_MAXDOUBLE, 0.0,
                                               G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_LOOP] = g_param_spec_boolean ("loop", NULL, NULL, FALSE,
                                                G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* share of a recompute done once it takes longer than a glance, else -1 */
  properties[PROP_PROGRESS] = g_param_spec_double ("progress", NULL, NULL, -1.0, 1.0, -1.0,
                                                   G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* New samples arrived or a run replaced the dataset. */
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

/* Main thread, every 100 ms while a recompute runs: how far the worker is,
 * once the run is slow enough to show. */
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
  if (self->worker_gen == self->generation && self->worker_t_end > 0)
    fraction = CLAMP (self->worker_reached / self->worker_t_end, 0.0, 1.0);
  g_mutex_unlock (&self->mutex);
  if (g_get_monotonic_time () - self->progress_since >= SLOW_RUN_US)
    set_progress (self, fraction);
  return G_SOURCE_CONTINUE;
}

static ss_run_opts
resolved_options (SsSimulation *self, const ss_model *m)
{
  ss_run_opts        opts = self->opts;
  const ss_scenario *sc = ss_model_scenario (m);

  if (opts.t_end <= 0)
    opts.t_end = sc->t_end;
  if (opts.dt_out <= 0)
    opts.dt_out = sc->dt_out;
  return opts;
}

/* Main thread: hand a model to the worker as a new whole run. */
static void
request_run (SsSimulation *self, SsModelRef *model, gboolean progressive, gboolean preview, gint64 request_time)
{
  ss_run_opts opts = resolved_options (self, ss_model_ref_get_model (model));

  if (preview)
    {
      /* looser steps, output at what a screen can show, bounded events */
      opts.rtol = MAX (opts.rtol > 0 ? opts.rtol : 1e-8, PREVIEW_RTOL);
      opts.dt_out = MAX (opts.dt_out, opts.t_end / PREVIEW_ROWS);
      if (opts.max_events <= 0 || opts.max_events > PREVIEW_MAX_EVENTS)
        opts.max_events = PREVIEW_MAX_EVENTS;
    }

  ss_bench_trace ("recompute requested");
  self->generation++;
  /* a final run or a new start ends the drag: its previews are stale now */
  if (!preview)
    self->drag_generation = self->generation + 1;
  g_mutex_lock (&self->mutex);
  g_clear_pointer (&self->req.model, ss_model_ref_unref);
  self->req.model = ss_model_ref_ref (model);
  self->req.opts = opts;
  self->req.gen = self->generation;
  self->req.progressive = progressive;
  self->req.preview = preview;
  self->req.time = request_time;
  g_cond_signal (&self->cond);
  g_mutex_unlock (&self->mutex);

  /* a drag's requests follow each other: the clock runs from the first */
  if (!self->recomputing)
    self->progress_since = g_get_monotonic_time ();
  self->recomputing = TRUE;
  if (self->progress_id == 0)
    self->progress_id = g_timeout_add (100, progress_cb, self);
}

static void
notify_time (SsSimulation *self)
{
  invalidate_modes (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TIME]);
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
  self->computed = 0.0;
  memset (&self->stats, 0, sizeof self->stats);
  g_free (self->modes);
  self->n_modes = ss_model_n_contacts (ss_model_ref_get_model (model));
  self->modes = g_new0 (int, MAX (self->n_modes, 1));
  self->time = 0.0;
  request_run (self, model, TRUE, FALSE, 0);

  notify_time (self);
  g_signal_emit (self, signals[UPDATED], 0);
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
  gint64 now = g_get_monotonic_time ();

  /* the ghost is the run shown before a drag began, not its last step */
  if (now - self->last_recompute_request > DRAG_PAUSE_US && self->dataset != NULL && !self->preview &&
      ss_dataset_get_n_rows (self->dataset) > 1)
    g_set_object (&self->ghost_candidate, self->dataset);
  self->last_recompute_request = now;
  g_clear_pointer (&self->error, g_free);
  request_run (self, ref, FALSE, preview, now);
}

/* A parameter change: the whole run again at full accuracy; the shown run
 * stays until the new one is complete, and the playhead stays where it is.
 * Takes ownership. */
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

/* ---- the playhead ------------------------------------------------------- */

double
ss_simulation_get_t_end (SsSimulation *self)
{
  if (self->opts.t_end > 0)
    return self->opts.t_end;
  if (self->model != NULL)
    return ss_model_scenario (ss_model_ref_get_model (self->model))->t_end;
  return 0.0;
}

double
ss_simulation_get_time (SsSimulation *self)
{
  return self->time;
}

/* Moves the playhead; beyond what is computed it waits at the computed end. */
void
ss_simulation_set_time (SsSimulation *self, double t)
{
  g_return_if_fail (SS_IS_SIMULATION (self));

  if (!isfinite (t))
    return;
  t = CLAMP (t, 0.0, ss_simulation_get_t_end (self));
  if (t == self->time)
    return;
  self->time = t;
  notify_time (self);
}

/* One frame: one output interval of the run. */
double
ss_simulation_get_frame_step (SsSimulation *self)
{
  double dt = self->opts.dt_out;

  if (dt <= 0 && self->model != NULL)
    dt = ss_model_scenario (ss_model_ref_get_model (self->model))->dt_out;
  return dt;
}

/* Moves the playhead by whole output intervals, to the grid. */
void
ss_simulation_step_frame (SsSimulation *self, int frames)
{
  double dt = ss_simulation_get_frame_step (self);
  double k;

  g_return_if_fail (SS_IS_SIMULATION (self));

  if (!(dt > 0))
    return;
  ss_simulation_set_playing (self, FALSE);
  k = self->time / dt;
  /* from between two frames, the first step lands on the neighbour */
  k = frames > 0 ? floor (k + 1e-9) + frames : ceil (k - 1e-9) + frames;
  ss_simulation_set_time (self, k * dt);
}

void
ss_simulation_tick (SsSimulation *self, gint64 frame_time_us)
{
  double dt, t, t_end, limit;

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
  t_end = ss_simulation_get_t_end (self);
  t = self->time + dt * self->speed;
  /* a run still being computed: wait for it */
  limit = self->finished ? t_end : self->computed;
  if (t >= t_end && self->finished)
    {
      if (self->loop)
        t = 0.0;
      else
        {
          ss_simulation_set_time (self, t_end);
          ss_simulation_set_playing (self, FALSE);
          return;
        }
    }
  else if (t > limit)
    t = limit;
  ss_simulation_set_time (self, t);
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
  if (self->playing == playing)
    return;
  /* Play at the end starts over, as a media player does */
  if (playing && self->time >= ss_simulation_get_t_end (self))
    ss_simulation_set_time (self, 0.0);
  self->playing = playing;
  self->last_frame_time = 0;
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

  speed = CLAMP (speed, 0.01, 100.0);
  if (speed == self->speed)
    return;
  self->speed = speed;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SPEED]);
}

gboolean
ss_simulation_get_loop (SsSimulation *self)
{
  return self->loop;
}

void
ss_simulation_set_loop (SsSimulation *self, gboolean loop)
{
  g_return_if_fail (SS_IS_SIMULATION (self));

  loop = !!loop;
  if (loop == self->loop)
    return;
  self->loop = loop;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LOOP]);
}

/* Each contact's mode at the playhead, read from the run: stuck, or the sign
 * of its sliding velocity. */
const int *
ss_simulation_get_modes (SsSimulation *self, int *n_modes)
{
  const ss_model *m = ss_simulation_get_model (self);
  guint           row = 0;

  *n_modes = 0;
  if (m == NULL || self->dataset == NULL || !ss_dataset_get_row_at (self->dataset, self->time, &row))
    return self->modes;
  if (self->modes_dataset == self->dataset && self->modes_row == row)
    {
      *n_modes = self->n_modes;
      return self->modes;
    }
  if (self->n_modes != ss_model_n_contacts (m))
    {
      g_free (self->modes);
      self->n_modes = ss_model_n_contacts (m);
      self->modes = g_new0 (int, MAX (self->n_modes, 1));
    }
  for (int c = 0; c < self->n_modes; c++)
    {
      char   name[160];
      int    stick_col, v_col;
      double stick, v;

      g_snprintf (name, sizeof name, "%s.stick", ss_model_contact_name (m, c));
      stick_col = ss_dataset_find_column (self->dataset, name);
      g_snprintf (name, sizeof name, "%s.v", ss_model_contact_name (m, c));
      v_col = ss_dataset_find_column (self->dataset, name);
      stick = ss_dataset_get_value (self->dataset, row, stick_col);
      v = ss_dataset_get_value (self->dataset, row, v_col);
      if (stick > 0.5 || !(v != 0))
        self->modes[c] = SS_MODE_STICK;
      else
        self->modes[c] = v > 0 ? SS_MODE_SLIDE_POS : SS_MODE_SLIDE_NEG;
    }
  g_set_object (&self->modes_dataset, self->dataset);
  self->modes_row = row;
  *n_modes = self->n_modes;
  return self->modes;
}

/* Whether @contact is released at the shown row: at rest with its static
 * friction held at its maximum, as its last release or lock event by then
 * (or stick, slip, reverse) says. */
gboolean
ss_simulation_get_released (SsSimulation *self, int contact)
{
  const ss_model *m = ss_simulation_get_model (self);
  const ss_event *events;
  guint           row = 0, n = 0;
  double          t;
  gboolean        released = FALSE;

  if (m == NULL || self->dataset == NULL || !ss_model_contact_can_release (m, contact) ||
      !ss_dataset_get_row_at (self->dataset, self->time, &row))
    return FALSE;
  t = ss_dataset_get_times (self->dataset)[row];
  events = ss_dataset_get_events (self->dataset, &n);
  for (guint i = 0; i < n && events[i].t <= t; i++)
    if (events[i].source == contact && events[i].kind != SS_EVENT_GAP_ENTER && events[i].kind != SS_EVENT_GAP_EXIT)
      released = events[i].kind == SS_EVENT_RELEASE;
  return released;
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

/* Simulated time the shown run reaches, s. */
double
ss_simulation_get_computed_time (SsSimulation *self)
{
  return self->computed;
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
  busy = self->req.model != NULL || self->worker_busy || self->out != NULL;
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
