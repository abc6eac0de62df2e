/* ss-simulation-worker.c - the simulation's worker thread and both ends of
 * its hand-over; apart because it is the only code another thread runs.
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
 * previous curves until the whole new run is there, and that run comes
 * whole: its dataset built and its metrics measured here, so the main
 * thread only swaps it in.  A final run expected to be slow is preceded by
 * a preview of the same request (then_final).  Both run at once, on two
 * threads: the first worker runs the preview while the second runs the
 * final run, so the final curves come after the longer of the two runs,
 * not after their sum (on a machine of one processor, one after the
 * other).  The preview is handed over first even when the final run is
 * done before it (held) or follows at once (out_next), and a newer
 * request drops both. */
#define G_LOG_DOMAIN "ss-simulation"

#include <stickslip/metrics.h>
#include "ss-bench.h"
#include "ss-memory-budget.h"
#include "ss-series.h"
#include "ss-simulation-private.h"

#include <string.h>

/* A run is integrated in this many slices, checking for newer requests
 * between them. */
#define RUN_SLICES 100
/* A progressive run hands over what it has at most this often, µs. */
#define HANDOVER_US (40 * 1000)
/* A recompute still running after this shows its progress. */
#define SLOW_RUN_US (250 * 1000)

/* ---- the worker thread -------------------------------------------------- */

struct Batch
{
  guint       gen;
  gboolean    replace; /* the first batch of a run: a new dataset */
  gboolean    preview; /* computed at preview accuracy */
  ss_run_opts opts;    /* the options it runs with (its dataset's) */
  gboolean    more;    /* a preview the final run of the same request follows */
  gboolean    ahead;   /* a run computed ahead: kept, not shown */
  gboolean    kept;    /* a kept run shown again (show_kept_run) */
  SsModelRef *model;
  SsDataset  *dataset; /* a parameter change's whole run, built by the worker (else the arrays) */
  ss_metrics *metrics; /* of a finished progressive run */
  int         n_columns;
  GArray     *times;
  GArray     *rows;
  GArray     *events;
  GArray     *peaks;    /* ss_peak: extremes the metrics take (ss_metrics_watch_sim) */
  double      reached;  /* simulated time reached, s */
  gboolean    finished; /* the run is over (t_end reached, or failed) */
  char       *error;    /* the engine's message on failure */
  ss_stats    stats;
  gint64      request_time; /* when the main thread asked for this run, µs */
  double      compute_ms;   /* worker wall time of the whole run */
};

static Batch *
batch_new (const Request *req, gboolean replace)
{
  Batch          *b = g_new0 (Batch, 1);
  const ss_model *m = ss_model_ref_get_model (req->model);

  b->gen = req->gen;
  b->replace = replace;
  b->preview = req->preview;
  b->ahead = req->ahead;
  b->opts = req->opts;
  b->model = ss_model_ref_ref (req->model);
  b->n_columns = ss_model_n_columns (m);
  b->times = g_array_new (FALSE, FALSE, sizeof (double));
  b->rows = g_array_new (FALSE, FALSE, sizeof (double));
  b->events = g_array_new (FALSE, FALSE, sizeof (ss_event));
  b->peaks = g_array_new (FALSE, FALSE, sizeof (ss_peak));
  b->request_time = req->time;
  return b;
}

static void
batch_free (Batch *b)
{
  if (b == NULL)
    return;
  ss_model_ref_unref (b->model);
  g_clear_object (&b->dataset);
  ss_metrics_free (b->metrics);
  g_array_unref (b->times);
  g_array_unref (b->rows);
  g_array_unref (b->events);
  g_array_unref (b->peaks);
  g_free (b->error);
  g_free (b);
}

/* The worker's sink: every sample into the whole run's trace (the
 * metrics, and a parameter change's dataset, are made of it), and into
 * the batch of a run handed over slice by slice. */
typedef struct
{
  Batch    *batch; /* NULL: the run is handed over whole */
  ss_trace *trace;
} Tee;

static void
tee_sample (void *user, double t, const double *row)
{
  Tee *tee = user;

  if (tee->batch != NULL)
    {
      g_array_append_val (tee->batch->times, t);
      g_array_append_vals (tee->batch->rows, row, tee->batch->n_columns);
    }
  ss_trace_append_row (tee->trace, t, row);
}

static void
tee_event (void *user, const ss_event *ev)
{
  Tee *tee = user;

  if (tee->batch != NULL)
    g_array_append_vals (tee->batch->events, ev, 1);
  ss_trace_append_event (tee->trace, ev);
}

static void
tee_peak (void *user, const ss_peak *p)
{
  Tee *tee = user;

  if (tee->batch != NULL)
    g_array_append_vals (tee->batch->peaks, p, 1);
  ss_trace_append_peak (tee->trace, p);
}

static gboolean deliver_cb (gpointer data);

/* Worker: queue @b for the main thread; takes ownership.  Batches of one run
 * merge while the main thread has not taken them yet. */
static void
post_batch (SsSimulation *self, Batch *b)
{
  g_mutex_lock (&self->mutex);
  if (b->ahead)
    {
      /* kept by the main thread, whatever it shows meanwhile */
      self->ahead_out = g_slist_prepend (self->ahead_out, b);
      if (self->idle_id == 0)
        self->idle_id = g_idle_add_full (G_PRIORITY_DEFAULT, deliver_cb, self, NULL);
      g_mutex_unlock (&self->mutex);
      return;
    }
  if (!b->preview && b->gen == self->preview_gen)
    {
      /* done before its preview, which shows first: held until it is */
      batch_free (self->held);
      self->held = b;
      g_mutex_unlock (&self->mutex);
      return;
    }
  if (b->preview && b->more)
    {
      const Worker *f = &self->workers[1];

      if ((f->busy && f->gen == b->gen) || (self->held != NULL && self->held->gen == b->gen))
        self->previews_beside_final++;
    }
  if (self->out != NULL && self->out->gen == b->gen && !b->replace)
    {
      Batch *o = self->out;

      g_array_append_vals (o->times, b->times->data, b->times->len);
      g_array_append_vals (o->rows, b->rows->data, b->rows->len);
      g_array_append_vals (o->events, b->events->data, b->events->len);
      g_array_append_vals (o->peaks, b->peaks->data, b->peaks->len);
      o->reached = b->reached;
      o->finished = b->finished;
      o->stats = b->stats;
      o->compute_ms = b->compute_ms;
      if (b->error != NULL)
        o->error = g_steal_pointer (&b->error);
      batch_free (b);
    }
  else if (self->out != NULL && self->out->more && self->out->gen == b->gen)
    {
      /* the preview is shown first, however soon its final run follows */
      batch_free (self->out_next);
      self->out_next = b;
    }
  else
    {
      batch_free (self->out);
      g_clear_pointer (&self->out_next, batch_free);
      self->out = b;
    }
  if (self->idle_id == 0)
    self->idle_id = g_idle_add_full (G_PRIORITY_DEFAULT, deliver_cb, self, NULL);
  g_mutex_unlock (&self->mutex);
}

typedef struct
{
  SsSimulation  *self;
  Worker        *worker;
  const Request *req;
  ss_sim        *sim;
} RunOwner;

/* Worker (self->mutex held): the run's steps so far, for the account of
 * how far an abandoned run went on after the request (overrun_steps). */
static void
note_steps (Worker *w, ss_sim *sim)
{
  ss_stats stats;

  ss_sim_get_stats (sim, &stats);
  w->steps = stats.steps;
}

/* Worker: whether a newer request or quitting abandoned the run (self->mutex held). */
static gboolean
run_abandoned (SsSimulation *self, const Request *req)
{
  /* a drag's preview goes on under a newer one: its curves are worth
   * showing while the drag lasts, and the newest follows it */
  if (self->quit)
    return TRUE;
  return self->newest_gen != req->gen && !(req->preview && !req->then_final && self->newest_drag);
}

/* Worker: the run's cancellation callback, asked within ss_sim_advance. */
static bool
run_cancelled_cb (void *data)
{
  RunOwner *o = data;
  gboolean  abandoned;

  g_mutex_lock (&o->self->mutex);
  abandoned = run_abandoned (o->self, o->req);
  note_steps (o->worker, o->sim);
  g_mutex_unlock (&o->self->mutex);
  return abandoned;
}

/* Worker: integrates one whole run; FALSE when a newer request abandoned it.
 * A parameter change's run is handed over whole: its dataset built and
 * measured here, so the main thread only swaps it in. */
static gboolean
compute_run (SsSimulation *self, Worker *w, const Request *req)
{
  g_autofree char *error = NULL;
  const ss_model  *m = ss_model_ref_get_model (req->model);
  gint64           start = g_get_monotonic_time ();
  gint64           last_post = start;
  Batch           *b = batch_new (req, TRUE);
  ss_sim          *sim = ss_sim_new (m, &req->opts, &error);
  Tee              tee = { req->progressive ? b : NULL, ss_trace_new (ss_model_n_columns (m)) };
  ss_sink          sink = { &tee, tee_sample, tee_event };
  RunOwner         owner = { self, w, req, sim };
  double           t_end, slice;
  int              rc = 0;

  ss_bench_trace ("worker: run starts");
  {
    SsSimulationRunHook hook;
    gpointer            hook_data;

    g_mutex_lock (&self->mutex);
    hook = self->run_hook;
    hook_data = self->run_hook_data;
    g_mutex_unlock (&self->mutex);
    if (hook != NULL)
      hook (req->preview, hook_data); /* tests: may hold the run */
  }
  b->more = req->then_final && req->preview;
  if (sim == NULL || tee.trace == NULL)
    {
      b->error = g_strdup (error ? error : "cannot start the simulation");
      b->finished = TRUE;
      b->more = FALSE; /* the final run cannot start either */
      ss_sim_free (sim);
      ss_trace_free (tee.trace);
      post_batch (self, b);
      return TRUE;
    }
  ss_sim_set_cancel (sim, run_cancelled_cb, &owner);
  /* the metrics' extremes from the dense output, as ss_run's: into the
   * batches and the run's trace; a preview's metrics are never shown, its
   * run watches nothing (as ss_run_rows) */
  if (!req->preview && (!ss_metrics_watch_sim (m, sim, tee_peak, &tee) || !ss_metrics_mark_watched (m, tee.trace)))
    tee.trace->out_of_memory = TRUE;
  t_end = ss_sim_t_end (sim);
  slice = t_end / RUN_SLICES;
  for (;;)
    {
      gboolean abandoned;
      double   next = MIN (t_end, ss_sim_time (sim) + slice);

      rc = ss_sim_advance (sim, next, &sink);
      g_mutex_lock (&self->mutex);
      abandoned = run_abandoned (self, req);
      w->reached = ss_sim_time (sim);
      note_steps (w, sim);
      if (abandoned)
        self->overrun_steps = w->abandon_steps >= 0 ? w->steps - w->abandon_steps : -1;
      g_mutex_unlock (&self->mutex);
      if (abandoned)
        {
          batch_free (b);
          ss_sim_free (sim);
          ss_trace_free (tee.trace);
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
          tee.batch = b;
          last_post = g_get_monotonic_time ();
        }
    }
  b->reached = ss_sim_time (sim);
  if (tee.trace->n_rows > 0)
    b->reached = MAX (b->reached, tee.trace->t[tee.trace->n_rows - 1]);
  ss_sim_get_stats (sim, &b->stats);
  if (rc < 0 && b->more)
    {
      /* a preview before a final run that failed: the final run tells
       * (its tighter tolerance may well get through) */
      batch_free (b);
      ss_sim_free (sim);
      ss_trace_free (tee.trace);
      return TRUE;
    }
  if (rc < 0)
    b->error = g_strdup (ss_sim_error (sim));
  b->finished = TRUE;
  ss_sim_free (sim);
  if (req->progressive)
    b->metrics = tee.trace->out_of_memory || req->preview ? NULL : ss_metrics_compute (m, tee.trace);
  else
    {
      b->dataset = ss_dataset_new_from_trace (req->model, tee.trace);
      /* the frame that shows it only copies its curves' bins */
      if (req->display_bins > 0 && req->display_t1 > req->display_t0)
        ss_series_prepare_display (b->dataset, req->display_t0, req->display_t1, req->display_bins);
    }
  ss_trace_free (tee.trace);
  b->compute_ms = (g_get_monotonic_time () - start) / 1000.0;
  ss_bench_trace ("worker: run done");
  post_batch (self, b);
  return TRUE;
}

/* Worker (self->mutex held): waits for the next request of @w's kind and
 * takes it into @req; FALSE when quitting.  The first worker hands a
 * preview's final run to the second and waits until that one has it, so
 * the two always run at once. */
static gboolean
take_request (SsSimulation *self, Worker *w, Request *req)
{
  Request *slot = NULL;

  for (;;)
    {
      if (self->quit)
        return FALSE;
      slot = w->finals ? &self->final_req : &self->req;
      /* the second worker computes ahead when no final run waits, for
       * the values shown (a newer request drops what was asked before) */
      for (int i = 0; w->finals && slot->model == NULL && i < 2; i++)
        if (self->ahead_req[i].model != NULL && self->ahead_req[i].gen != self->newest_gen)
          g_clear_pointer (&self->ahead_req[i].model, ss_model_ref_unref);
        else if (self->ahead_req[i].model != NULL)
          slot = &self->ahead_req[i];
      if (slot->model != NULL)
        break;
      g_cond_wait (&self->cond, &self->mutex);
    }
  *req = *slot;
  slot->model = NULL;
  w->busy = TRUE;
  w->ahead = req->ahead;
  w->gen = req->gen;
  w->reached = 0.0;
  w->t_end = req->opts.t_end;
  w->steps = 0;
  w->abandon_steps = -1;
  g_cond_broadcast (&self->cond); /* the first worker may wait for this taking */
  if (!w->finals && req->then_final && req->preview && req->beside)
    {
      g_clear_pointer (&self->final_req.model, ss_model_ref_unref);
      self->final_req = *req;
      self->final_req.model = ss_model_ref_ref (req->model);
      self->final_req.preview = FALSE;
      self->final_req.opts = req->final_opts;
      self->preview_gen = req->gen;
      g_cond_broadcast (&self->cond);
      while (self->final_req.model != NULL && !self->quit)
        g_cond_wait (&self->cond, &self->mutex);
    }
  return TRUE;
}

static gpointer
worker_main (gpointer data)
{
  Worker       *w = data;
  SsSimulation *self = w->self;

  g_mutex_lock (&self->mutex);
  for (;;)
    {
      Request  req;
      gboolean with_final, previewed;
      Batch   *held = NULL;

      if (!take_request (self, w, &req))
        break;
      g_mutex_unlock (&self->mutex);

      with_final = !w->finals && req.then_final && req.preview;
      previewed = compute_run (self, w, &req);
      if (with_final && !req.beside && previewed)
        {
          /* one after the other: the final run once the preview is handed
           * over, unless a newer request came */
          gboolean newer;

          g_mutex_lock (&self->mutex);
          newer = self->newest_gen != req.gen || self->quit;
          w->steps = 0;
          w->t_end = req.final_opts.t_end;
          g_mutex_unlock (&self->mutex);
          req.preview = FALSE;
          req.opts = req.final_opts;
          if (!newer)
            compute_run (self, w, &req);
        }
      ss_model_ref_unref (req.model);

      g_mutex_lock (&self->mutex);
      if (with_final && self->preview_gen == req.gen)
        {
          /* the preview is handed over (or dropped): its final run's turn */
          self->preview_gen = 0;
          held = g_steal_pointer (&self->held);
        }
      w->busy = FALSE;
      if (held != NULL)
        {
          g_mutex_unlock (&self->mutex);
          post_batch (self, held);
          g_mutex_lock (&self->mutex);
        }
    }
  g_mutex_unlock (&self->mutex);
  return NULL;
}

/* ---- the main thread's end ---------------------------------------------- */

/* Main thread: the pending batch goes into the shown run, unless stale. */
static gboolean
deliver_cb (gpointer data)
{
  SsSimulation *self = data;
  Batch        *b;
  GSList       *ahead;

  g_mutex_lock (&self->mutex);
  ahead = g_steal_pointer (&self->ahead_out);
  b = g_steal_pointer (&self->out);
  self->out = g_steal_pointer (&self->out_next);
  self->idle_id = self->out != NULL ? g_idle_add_full (G_PRIORITY_DEFAULT, deliver_cb, self, NULL) : 0;
  g_mutex_unlock (&self->mutex);

  /* runs computed ahead: kept for a change to their values */
  for (GSList *l = ahead; l != NULL; l = l->next)
    {
      Batch *a = l->data;

      if (a->finished && a->error == NULL && a->dataset != NULL)
        {
          ss_dataset_set_run_options (a->dataset, &a->opts);
          ss_dataset_set_complete (a->dataset);
          _ss_simulation_keep_run (self, a->dataset, &a->stats, TRUE);
        }
      batch_free (a);
    }
  g_slist_free (ahead);

  ss_bench_trace ("hand-over starts");
  if (b == NULL)
    return G_SOURCE_REMOVE;
  /* older runs are stale, but for the previews of the drag going on */
  if (b->gen != self->generation && !(b->preview && b->gen >= self->drag_generation))
    {
      batch_free (b);
      return G_SOURCE_REMOVE;
    }

  if (b->finished && !b->preview && b->request_time != 0)
    ss_bench_start_update ();
  if (b->replace)
    {
      g_autoptr (SsDataset) dataset = b->dataset != NULL ? g_object_ref (b->dataset) : ss_dataset_new (b->model);

      ss_dataset_set_run_options (dataset, &b->opts);

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
      self->kept_shown = b->kept;
    }
  if (b->finished && !b->more && b->gen == self->generation)
    {
      self->recomputing = FALSE;
      _ss_simulation_set_progress (self, -1.0);
    }
  if (b->finished)
    {
      if (b->request_time != 0 && b->compute_ms > 0)
        ss_bench_record (b->preview ? SS_BENCH_PREVIEW_RECOMPUTE : SS_BENCH_RECOMPUTE, b->compute_ms);
      if (!b->preview && b->compute_ms > 0)
        self->last_final_ms = b->compute_ms;
    }

  if (b->dataset == NULL)
    {
      ss_dataset_append_rows (self->dataset, b->times->len, (const double *)(gpointer)b->times->data,
                              (const double *)(gpointer)b->rows->data);
      ss_dataset_append_events (self->dataset, b->events->len, (const ss_event *)(gpointer)b->events->data);
      ss_dataset_append_peaks (self->dataset, b->peaks->len, (const ss_peak *)(gpointer)b->peaks->data);
    }
  if (b->finished)
    {
      ss_dataset_set_complete (self->dataset);
      if (b->metrics != NULL)
        ss_dataset_set_metrics (self->dataset, g_steal_pointer (&b->metrics));
      /* a parameter change's final run, kept for a change back to it */
      if (!b->preview && b->dataset != NULL && b->error == NULL && b->gen == self->generation)
        _ss_simulation_keep_run (self, b->dataset, &b->stats, FALSE);
    }
  self->stats = b->stats;
  self->computed = b->reached;
  self->finished = b->finished;
  if (b->error != NULL)
    {
      g_free (self->error);
      self->error = g_strdup (b->error);
    }

  ss_bench_trace ("hand-over: dataset filled");
  _ss_simulation_run_changed (self, b->error);

  batch_free (b);
  ss_bench_trace ("hand-over done (updated emitted)");
  return G_SOURCE_REMOVE;
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
      _ss_simulation_set_progress (self, -1.0);
      return G_SOURCE_REMOVE;
    }
  g_mutex_lock (&self->mutex);
  for (int i = 0; i < 2; i++)
    {
      const Worker *w = &self->workers[i];

      /* the second worker's run is the final one behind a preview */
      if (w->busy && w->gen == self->generation && w->t_end > 0)
        fraction = CLAMP (w->reached / w->t_end, 0.0, 1.0);
    }
  g_mutex_unlock (&self->mutex);
  if (g_get_monotonic_time () - self->progress_since >= SLOW_RUN_US)
    _ss_simulation_set_progress (self, fraction);
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

/* Main thread (self->mutex held): @r becomes a run of @model with @opts
 * for the current generation and the charts' display, its other fields
 * cleared (its model before dropped). */
static void
request_set (SsSimulation *self, Request *r, SsModelRef *model, const ss_run_opts *opts)
{
  g_clear_pointer (&r->model, ss_model_ref_unref);
  memset (r, 0, sizeof *r);
  r->model = ss_model_ref_ref (model);
  r->opts = *opts;
  r->final_opts = *opts;
  r->gen = self->generation;
  r->display_t0 = self->display_t0;
  r->display_t1 = self->display_t1;
  r->display_bins = self->display_bins;
}

/* Main thread (self->mutex held): the newest request is generation
 * self->generation (@drag: a drag's preview): the runs on the workers
 * are abandoned unless they are its own, and how far each was is noted
 * for the account of its overrun. */
static void
newest_request_locked (SsSimulation *self, gboolean drag)
{
  self->newest_gen = self->generation;
  self->newest_drag = drag;
  for (int i = 0; i < 2; i++)
    {
      Worker *w = &self->workers[i];

      if (w->busy && w->abandon_steps < 0)
        w->abandon_steps = w->steps; /* the run it abandons is that far */
    }
  g_cond_broadcast (&self->cond);
}

/* Main thread: a kept run of the same values and options (@kept, its
 * @stats) instead of a new one: handed over as the worker's would be, at
 * once, and whatever the workers were on is abandoned. */
static void
show_kept_run (SsSimulation *self, SsDataset *kept, const ss_stats *stats, gint64 request_time)
{
  Request r = { 0 };
  Batch  *b;

  ss_bench_trace ("kept run requested");
  self->generation++;
  self->drag_generation = self->generation + 1;
  self->previewing = FALSE;
  r.model = ss_dataset_get_model_ref (kept);
  r.opts = *ss_dataset_get_run_options (kept);
  r.gen = self->generation;
  r.time = request_time;
  b = batch_new (&r, TRUE);
  b->dataset = g_object_ref (kept);
  b->kept = TRUE;
  b->finished = TRUE;
  b->reached = ss_dataset_get_end_time (kept);
  b->stats = *stats;

  g_mutex_lock (&self->mutex);
  g_clear_pointer (&self->req.model, ss_model_ref_unref);
  newest_request_locked (self, FALSE);
  g_mutex_unlock (&self->mutex);
  self->recomputing = TRUE;
  post_batch (self, b);
}

/* Main thread: hand a model to the worker as a new whole run. */
void
_ss_simulation_request_run (SsSimulation *self,
                            SsModelRef   *model,
                            gboolean      progressive,
                            gboolean      preview,
                            gboolean      then_final,
                            gint64        request_time)
{
  ss_run_opts opts = resolved_options (self, ss_model_ref_get_model (model));
  ss_run_opts final_opts = opts;

  /* a parameter change's final run: one kept of the same values shows */
  if (!progressive && (!preview || then_final))
    {
      ss_stats   stats;
      SsDataset *kept = _ss_simulation_find_run (self, ss_model_ref_get_model (model), &final_opts, &stats);

      if (kept != NULL)
        {
          show_kept_run (self, kept, &stats, request_time);
          return;
        }
    }
  if (then_final)
    preview = TRUE;
  if (preview)
    {
      /* looser steps, output at what a screen can show, bounded events */
      opts = ss_run_opts_preview (&final_opts);
    }

  ss_bench_trace ("recompute requested");
  self->generation++;
  /* a final run or a new start ends the drag: its previews are stale now */
  if (!preview || then_final)
    self->drag_generation = self->generation + 1;
  self->previewing = preview && !then_final;
  g_mutex_lock (&self->mutex);
  request_set (self, &self->req, model, &opts);
  self->req.progressive = progressive;
  self->req.preview = preview;
  self->req.then_final = then_final;
  self->req.final_opts = final_opts;
  self->req.beside = self->finals_beside;
  self->req.time = request_time;
  newest_request_locked (self, preview && !then_final);
  g_mutex_unlock (&self->mutex);

  /* a drag's requests follow each other: the clock runs from the first */
  if (!self->recomputing)
    self->progress_since = g_get_monotonic_time ();
  self->recomputing = TRUE;
  if (self->progress_id == 0)
    self->progress_id = g_timeout_add (100, progress_cb, self);
}

/* Main thread: computes @model's final run ahead, on the second worker
 * when no final run waits there, and keeps it (not shown) for a change to
 * its values; a newer request abandons it.  At most two wait: a third
 * replaces the older.  Takes ownership. */
void
ss_simulation_prefetch (SsSimulation *self, ss_model *model)
{
  g_autoptr (SsModelRef) ref = NULL;
  ss_run_opts opts;
  ss_stats    stats;

  g_return_if_fail (SS_IS_SIMULATION (self));
  g_return_if_fail (model != NULL);

  ref = ss_model_ref_new (model);
  opts = resolved_options (self, model);
  /* nothing ahead of runs too large to keep a few of */
  if (!self->keep_runs || _ss_simulation_find_run (self, model, &opts, &stats) != NULL ||
      (self->dataset != NULL && ss_memory_budget_dataset_bytes (self->dataset) > KEPT_BYTES / 4))
    return;
  g_mutex_lock (&self->mutex);
  g_clear_pointer (&self->ahead_req[0].model, ss_model_ref_unref);
  self->ahead_req[0] = self->ahead_req[1];
  self->ahead_req[1].model = NULL; /* moved to [0] */
  request_set (self, &self->ahead_req[1], ref, &opts);
  self->ahead_req[1].ahead = TRUE;
  g_cond_broadcast (&self->cond);
  g_mutex_unlock (&self->mutex);
}

/* TRUE while runs are computed ahead or wait to be kept (not counted by
 * ss_simulation_is_busy: nothing the user asked for waits on them). */
gboolean
ss_simulation_is_computing_ahead (SsSimulation *self)
{
  gboolean ahead;

  g_mutex_lock (&self->mutex);
  ahead = self->ahead_req[0].model != NULL || self->ahead_req[1].model != NULL ||
          (self->workers[1].busy && self->workers[1].ahead) || self->ahead_out != NULL;
  g_mutex_unlock (&self->mutex);
  return ahead;
}

/* TRUE while the worker has work the main thread has not seen yet. */
gboolean
ss_simulation_is_busy (SsSimulation *self)
{
  gboolean busy;

  g_mutex_lock (&self->mutex);
  busy = self->req.model != NULL || self->final_req.model != NULL ||
         (self->workers[0].busy && !self->workers[0].ahead) || (self->workers[1].busy && !self->workers[1].ahead) ||
         self->out != NULL || self->held != NULL;
  g_mutex_unlock (&self->mutex);
  return busy;
}

void
_ss_simulation_start_worker (SsSimulation *self)
{
  self->overrun_steps = -1;
  for (int i = 0; i < 2; i++)
    {
      Worker *w = &self->workers[i];

      w->self = self;
      w->finals = i == 1;
      w->abandon_steps = -1;
      w->thread = g_thread_new (w->finals ? "ss-worker-final" : "ss-worker", worker_main, w);
    }
}

/* Stops the worker and drops what it has not handed over. */
void
_ss_simulation_stop_worker (SsSimulation *self)
{
  if (self->workers[0].thread != NULL)
    {
      g_mutex_lock (&self->mutex);
      self->quit = TRUE;
      g_cond_broadcast (&self->cond);
      g_mutex_unlock (&self->mutex);
      for (int i = 0; i < 2; i++)
        g_thread_join (g_steal_pointer (&self->workers[i].thread));
    }
  g_clear_handle_id (&self->idle_id, g_source_remove);
  g_clear_handle_id (&self->progress_id, g_source_remove);
  g_clear_pointer (&self->out, batch_free);
  g_clear_pointer (&self->out_next, batch_free);
  g_clear_pointer (&self->held, batch_free);
  g_slist_free_full (g_steal_pointer (&self->ahead_out), (GDestroyNotify)batch_free);
  for (int i = 0; i < 2; i++)
    g_clear_pointer (&self->ahead_req[i].model, ss_model_ref_unref);
  g_clear_pointer (&self->req.model, ss_model_ref_unref);
  g_clear_pointer (&self->final_req.model, ss_model_ref_unref);
}
