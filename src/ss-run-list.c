/* ss-run-list.c - pinned runs of one scenario and their computation: one
 * job per run in a process-wide GThreadPool (a thread per core); finished
 * jobs queue under a mutex and one idle hands them to the main thread,
 * which drops those whose run is gone or was given a newer job. */
#define G_LOG_DOMAIN "ss-run-list"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include <stickslip/metrics.h>
#include "ss-memory-budget.h"
#include "ss-run-list.h"

/* A run is integrated in this many stretches, looking at cancel between. */
#define STRETCHES 64

typedef struct
{
  gint        ref_count; /* atomic */
  ss_model   *model;     /* owned; built on the main thread */
  ss_run_opts opts;
  gsize       bytes;    /* what its run keeps at least (ss_memory_budget_run_bytes) */
  gint        cancel;   /* atomic: stop at the next stretch */
  gint        permille; /* atomic: share of the run done */
  GWeakRef    list;     /* main thread only */
  GWeakRef    run;
  /* the worker's result, read after the hand-over */
  ss_trace *trace;
  char     *error;
  gboolean  cancelled;
} Job;

struct _SsRunList
{
  GObject parent_instance;

  const ss_scenario *scenario;
  GPtrArray         *runs;    /* SsPinnedRun */
  GHashTable        *jobs;    /* SsPinnedRun -> its current Job */
  double            *current; /* the current run's values: automatic names */
  ss_run_opts        opts;
  guint              batch_total; /* jobs started since the list was last idle */
  guint              batch_done;
  gint64             batch_start; /* µs */
  double             last_batch_ms;
  double             progress;
  guint              progress_id;
};

static void ss_run_list_model_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (SsRunList,
                               ss_run_list,
                               G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, ss_run_list_model_init))

enum
{
  PROP_0,
  PROP_PROGRESS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum
{
  RUNS_CHANGED,
  OVER_BUDGET,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* ---- jobs --------------------------------------------------------------- */

static Job *
job_ref (Job *job)
{
  g_atomic_int_inc (&job->ref_count);
  return job;
}

static void
job_unref (Job *job)
{
  if (job == NULL || !g_atomic_int_dec_and_test (&job->ref_count))
    return;
  ss_model_free (job->model);
  ss_trace_free (job->trace);
  g_free (job->error);
  g_weak_ref_clear (&job->list);
  g_weak_ref_clear (&job->run);
  g_free (job);
}

static GMutex done_mutex;
static GQueue done_jobs = G_QUEUE_INIT;
static guint  done_idle;

static gboolean deliver_cb (gpointer data);

/* Worker: the whole history in stretches (the integrator's steps do not
 * depend on where ss_sim_advance stops: the trace is ss_run's bit for bit). */
static void
compute_job (gpointer data, gpointer pool_data)
{
  Job      *job = data;
  char     *error = NULL;
  ss_sim   *sim;
  ss_trace *trace = NULL;

  (void)pool_data;
  if (g_atomic_int_get (&job->cancel))
    job->cancelled = TRUE;
  else if ((sim = ss_sim_new (job->model, &job->opts, &error)) == NULL)
    job->error = g_strdup (error != NULL ? error : "cannot start the simulation");
  else
    {
      double  t_end = ss_sim_t_end (sim);
      ss_sink sink;

      trace = ss_trace_new (ss_model_n_columns (job->model));
      ss_metrics_watch (job->model, trace, sim); /* the metrics' extremes, as ss_run's */
      sink = ss_trace_sink (trace);
      for (int k = 1;; k++)
        {
          int rc = ss_sim_advance (sim, k >= STRETCHES ? INFINITY : t_end * k / STRETCHES, &sink);

          g_atomic_int_set (&job->permille, MIN (1000, k * 1000 / STRETCHES));
          if (rc < 0 || trace->out_of_memory)
            {
              job->error = g_strdup (rc < 0 ? ss_sim_error (sim) : _("out of memory for the run's rows"));
              break;
            }
          if (rc == 1)
            {
              ss_sim_get_stats (sim, &trace->stats);
              job->trace = g_steal_pointer (&trace);
              break;
            }
          if (g_atomic_int_get (&job->cancel))
            {
              job->cancelled = TRUE;
              break;
            }
        }
      ss_trace_free (trace);
      ss_sim_free (sim);
    }
  free (error);

  g_mutex_lock (&done_mutex);
  g_queue_push_tail (&done_jobs, job); /* the pool's reference */
  if (done_idle == 0)
    done_idle = g_idle_add_full (G_PRIORITY_DEFAULT, deliver_cb, NULL, NULL);
  g_mutex_unlock (&done_mutex);
}

static GThreadPool *
get_pool (void)
{
  static GThreadPool *pool;

  if (g_once_init_enter (&pool))
    {
      /* every core; the threads stay for the next batch */
      GThreadPool *p = g_thread_pool_new (compute_job, NULL, (int)MAX (1u, g_get_num_processors ()), FALSE, NULL);

      g_once_init_leave (&pool, p);
    }
  return pool;
}

/* ---- progress ----------------------------------------------------------- */

static void
set_progress (SsRunList *self, double progress)
{
  if (self->progress == progress)
    return;
  self->progress = progress;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PROGRESS]);
}

static void
update_progress (SsRunList *self)
{
  GHashTableIter iter;
  gpointer       value;
  double         partial = 0;

  if (g_hash_table_size (self->jobs) == 0)
    {
      if (self->batch_total > 0)
        self->last_batch_ms = (g_get_monotonic_time () - self->batch_start) / 1000.0;
      self->batch_total = self->batch_done = 0;
      g_clear_handle_id (&self->progress_id, g_source_remove);
      set_progress (self, -1);
      return;
    }
  g_hash_table_iter_init (&iter, self->jobs);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    partial += g_atomic_int_get (&((Job *)value)->permille) / 1000.0;
  set_progress (self, MIN (1.0, (self->batch_done + partial) / MAX (1u, self->batch_total)));
}

static gboolean
progress_tick_cb (gpointer data)
{
  update_progress (data);
  return G_SOURCE_CONTINUE;
}

/* ---- the main thread's side --------------------------------------------- */

static SsDataset *
dataset_from_trace (ss_model *model, const ss_run_opts *opts, const ss_trace *trace)
{
  g_autoptr (SsModelRef) ref = ss_model_ref_new (model);
  SsDataset *dataset = ss_dataset_new (ref);

  ss_dataset_set_run_options (dataset, opts);
  ss_dataset_append_rows (dataset, (guint)trace->n_rows, trace->t, trace->rows);
  ss_dataset_append_events (dataset, (guint)trace->n_events, trace->events);
  if (trace->watched != NULL)
    ss_dataset_append_peaks (dataset, (guint)trace->n_peaks, trace->peaks);
  /* the whole run: no rows follow (its charts keep no growing tail) */
  ss_dataset_set_complete (dataset);
  return dataset;
}

static void
deliver_job (SsRunList *self, SsPinnedRun *run, Job *job)
{
  if (g_hash_table_lookup (self->jobs, run) != job)
    return; /* a newer job replaced it */
  job_ref (job);
  g_hash_table_remove (self->jobs, run);
  self->batch_done++;
  if (job->trace != NULL)
    {
      g_autoptr (SsDataset) dataset = dataset_from_trace (g_steal_pointer (&job->model), &job->opts, job->trace);

      ss_pinned_run_set_result (run, SS_PINNED_RUN_DONE, dataset, NULL);
    }
  else if (!job->cancelled)
    ss_pinned_run_set_result (run, SS_PINNED_RUN_FAILED, NULL, job->error);
  job_unref (job);
  update_progress (self);
}

static gboolean
deliver_cb (gpointer data)
{
  GQueue jobs = G_QUEUE_INIT;
  Job   *job;

  (void)data;
  g_mutex_lock (&done_mutex);
  jobs = done_jobs;
  g_queue_init (&done_jobs);
  done_idle = 0;
  g_mutex_unlock (&done_mutex);

  while ((job = g_queue_pop_head (&jobs)) != NULL)
    {
      g_autoptr (SsRunList) list = g_weak_ref_get (&job->list);
      g_autoptr (SsPinnedRun) run = g_weak_ref_get (&job->run);

      if (list != NULL && run != NULL)
        deliver_job (list, run, job);
      job_unref (job);
    }
  return G_SOURCE_REMOVE;
}

/* Whether a run keeping @bytes more fits the memory budget with what every
 * holder keeps (@run's own data, about to be replaced, not counted); if
 * not, @run fails saying so and the list's "over-budget" is emitted. */
static gboolean
fits_budget (SsRunList *self, SsPinnedRun *run, gsize bytes)
{
  gsize            used, own = ss_memory_budget_dataset_bytes (ss_pinned_run_get_dataset (run));
  g_autofree char *need = NULL, *budget = NULL, *msg = NULL;

  used = ss_memory_budget_used ();
  used = used > own ? used - own : 0;
  if (used + bytes <= SS_MEMORY_BUDGET)
    return TRUE;
  need = ss_memory_budget_format (bytes);
  budget = ss_memory_budget_format (SS_MEMORY_BUDGET);
  /* Translators: a pinned run not computed; %s sizes, e.g. "305.2 MiB", "3.0 GiB" */
  msg = g_strdup_printf (_("Not computed: its %s would take the runs kept past the memory budget of %s. "
                           "Remove pinned runs or choose a longer output interval."),
                            need, budget);
  ss_pinned_run_set_result (run, SS_PINNED_RUN_FAILED, NULL, msg);
  g_signal_emit (self, signals[OVER_BUDGET], 0);
  return FALSE;
}

/* Starts computing @run with the list's run options; a job it had is
 * cancelled and its result will be dropped.  A run that does not fit the
 * memory budget fails instead (its data dropped). */
static void
start_job (SsRunList *self, SsPinnedRun *run)
{
  g_autofree char *error = NULL;
  ss_model        *model = self->scenario->create (self->scenario, ss_pinned_run_get_values (run), &error);
  Job             *old = g_hash_table_lookup (self->jobs, run);
  Job             *job;
  gsize            bytes;

  if (old != NULL)
    {
      g_atomic_int_set (&old->cancel, 1);
      g_hash_table_remove (self->jobs, run);
      self->batch_done++;
    }
  if (model == NULL)
    {
      ss_pinned_run_set_result (run, SS_PINNED_RUN_FAILED, NULL, error);
      return;
    }
  bytes = ss_memory_budget_run_bytes (model, &self->opts);
  if (!fits_budget (self, run, bytes))
    {
      ss_model_free (model);
      update_progress (self);
      return;
    }
  job = g_new0 (Job, 1);
  job->ref_count = 2; /* the list's and the pool's */
  job->model = model;
  job->bytes = bytes;
  job->opts = self->opts;
  g_weak_ref_init (&job->list, self);
  g_weak_ref_init (&job->run, run);
  g_hash_table_insert (self->jobs, run, job);
  if (self->batch_total == 0)
    self->batch_start = g_get_monotonic_time ();
  self->batch_total++;
  if (self->progress_id == 0)
    self->progress_id = g_timeout_add (100, progress_tick_cb, self);
  ss_pinned_run_set_result (run, SS_PINNED_RUN_COMPUTING, NULL, NULL);
  g_thread_pool_push (get_pool (), job, NULL);
  update_progress (self);
}

/* ---- GListModel --------------------------------------------------------- */

static GType
ss_run_list_get_item_type (GListModel *model)
{
  (void)model;
  return SS_TYPE_PINNED_RUN;
}

static guint
ss_run_list_get_n_items (GListModel *model)
{
  return SS_RUN_LIST (model)->runs->len;
}

static gpointer
ss_run_list_get_item (GListModel *model, guint position)
{
  SsRunList *self = SS_RUN_LIST (model);

  if (position >= self->runs->len)
    return NULL;
  return g_object_ref (g_ptr_array_index (self->runs, position));
}

static void
ss_run_list_model_init (GListModelInterface *iface)
{
  iface->get_item_type = ss_run_list_get_item_type;
  iface->get_n_items = ss_run_list_get_n_items;
  iface->get_item = ss_run_list_get_item;
}

/* ---- the object --------------------------------------------------------- */

static void
cancel_job (gpointer data)
{
  Job *job = data;

  g_atomic_int_set (&job->cancel, 1);
  job_unref (job);
}

static void
run_notify_cb (SsRunList *self)
{
  g_signal_emit (self, signals[RUNS_CHANGED], 0);
}

static void
forget_run (gpointer data, gpointer user_data)
{
  g_signal_handlers_disconnect_by_func (data, run_notify_cb, user_data);
}

static void
items_changed (SsRunList *self, guint position, guint removed, guint added)
{
  g_list_model_items_changed (G_LIST_MODEL (self), position, removed, added);
  g_signal_emit (self, signals[RUNS_CHANGED], 0);
}

/* The memory budget's holder: the pins' data, and the runs computing at
 * what they will keep. */
static void
collect_memory (gpointer owner, GHashTable *datasets, gsize *pending)
{
  SsRunList     *self = owner;
  GHashTableIter iter;
  gpointer       value;

  if (self->runs == NULL || self->jobs == NULL)
    return;
  /* a run computing again counts at its new size, not also its old data */
  for (guint i = 0; i < self->runs->len; i++)
    {
      SsPinnedRun *run = g_ptr_array_index (self->runs, i);
      SsDataset   *dataset = ss_pinned_run_get_dataset (run);

      if (dataset != NULL && !g_hash_table_contains (self->jobs, run))
        g_hash_table_add (datasets, dataset);
    }
  g_hash_table_iter_init (&iter, self->jobs);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    *pending += ((Job *)value)->bytes;
}

static void
ss_run_list_dispose (GObject *object)
{
  SsRunList *self = (SsRunList *)object;

  ss_memory_budget_remove_holder (self);
  if (self->runs != NULL)
    g_ptr_array_foreach (self->runs, forget_run, self);
  g_clear_handle_id (&self->progress_id, g_source_remove);
  g_clear_pointer (&self->jobs, g_hash_table_unref);
  g_clear_pointer (&self->runs, g_ptr_array_unref);

  G_OBJECT_CLASS (ss_run_list_parent_class)->dispose (object);
}

static void
ss_run_list_finalize (GObject *object)
{
  SsRunList *self = (SsRunList *)object;

  g_free (self->current);

  G_OBJECT_CLASS (ss_run_list_parent_class)->finalize (object);
}

static void
ss_run_list_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  SsRunList *self = SS_RUN_LIST (object);

  switch (prop_id)
    {
    case PROP_PROGRESS:
      g_value_set_double (value, self->progress);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ss_run_list_class_init (SsRunListClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = ss_run_list_dispose;
  object_class->finalize = ss_run_list_finalize;
  object_class->get_property = ss_run_list_get_property;

  /* share of the runs computing since the list was idle, -1 when idle */
  properties[PROP_PROGRESS] = g_param_spec_double ("progress", NULL, NULL, -1.0, 1.0, -1.0,
                                                   G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* a run was pinned or removed, or one's name, visibility or data changed */
  signals[RUNS_CHANGED] =
      g_signal_new ("runs-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /* a run was not computed: it would have taken the memory budget's total
   * past SS_MEMORY_BUDGET (the run failed saying so) */
  signals[OVER_BUDGET] =
      g_signal_new ("over-budget", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
ss_run_list_init (SsRunList *self)
{
  self->runs = g_ptr_array_new_with_free_func (g_object_unref);
  self->jobs = g_hash_table_new_full (NULL, NULL, NULL, cancel_job);
  self->progress = -1;
  ss_memory_budget_add_holder (self, collect_memory);
}

SsRunList *
ss_run_list_new (const ss_scenario *scenario)
{
  SsRunList *self = g_object_new (SS_TYPE_RUN_LIST, NULL);

  self->scenario = scenario;
  return self;
}

static gboolean
same_options (const ss_run_opts *a, const ss_run_opts *b)
{
  for (int i = 0; i < SS_RUN_N_OPTIONS; i++)
    if (ss_run_opts_get (a, i) != ss_run_opts_get (b, i))
      return FALSE;
  return TRUE;
}

/* The run options every pin is computed with; a change recomputes them all. */
void
ss_run_list_set_run_options (SsRunList *self, const ss_run_opts *opts)
{
  g_return_if_fail (SS_IS_RUN_LIST (self));

  if (same_options (&self->opts, opts))
    return;
  self->opts = *opts;
  for (guint i = 0; i < self->runs->len; i++)
    start_job (self, g_ptr_array_index (self->runs, i));
}

static void
update_name (SsRunList *self, SsPinnedRun *run)
{
  g_autofree char *name = ss_pinned_run_describe (self->scenario, ss_pinned_run_get_values (run), self->current);

  ss_pinned_run_set_auto_name (run, name);
}

/* The current run's values: the automatic names say what differs. */
void
ss_run_list_set_current (SsRunList *self, const double *values)
{
  g_return_if_fail (SS_IS_RUN_LIST (self));

  g_free (self->current);
  self->current = g_memdup2 (values, sizeof (double) * (gsize)MAX (self->scenario->n_params, 1));
  for (guint i = 0; i < self->runs->len; i++)
    update_name (self, g_ptr_array_index (self->runs, i));
}

/* The first line style no pinned run has (they repeat past the eighth). */
static guint
free_style (SsRunList *self)
{
  for (guint style = 0; style < SS_PINNED_RUN_N_STYLES; style++)
    {
      gboolean used = FALSE;

      for (guint i = 0; i < self->runs->len && !used; i++)
        used = ss_pinned_run_get_style (g_ptr_array_index (self->runs, i)) == style;
      if (!used)
        return style;
    }
  return self->runs->len % SS_PINNED_RUN_N_STYLES;
}

static SsPinnedRun *
add_run (SsRunList *self, const double *values, const char *name)
{
  SsPinnedRun *run = ss_pinned_run_new (self->scenario, values, free_style (self));

  update_name (self, run);
  if (name != NULL)
    ss_pinned_run_set_name (run, name);
  g_ptr_array_add (self->runs, run);
  g_signal_connect_swapped (run, "notify", G_CALLBACK (run_notify_cb), self);
  items_changed (self, self->runs->len - 1, 0, 1);
  return run;
}

/* Pins a run of @values (the user's @name, or NULL: automatic) and starts
 * computing it.  The list holds it. */
SsPinnedRun *
ss_run_list_pin (SsRunList *self, const double *values, const char *name)
{
  SsPinnedRun *run;

  g_return_val_if_fail (SS_IS_RUN_LIST (self), NULL);

  run = add_run (self, values, name);
  start_job (self, run);
  return run;
}

/* Pins a run of @values whose data @dataset already is (the current run,
 * computed to its end with the list's run options). */
SsPinnedRun *
ss_run_list_pin_dataset (SsRunList *self, const double *values, SsDataset *dataset)
{
  SsPinnedRun *run;

  g_return_val_if_fail (SS_IS_RUN_LIST (self), NULL);
  g_return_val_if_fail (SS_IS_DATASET (dataset), NULL);

  run = add_run (self, values, NULL);
  ss_pinned_run_set_result (run, SS_PINNED_RUN_DONE, dataset, NULL);
  return run;
}

/* The user's name for @run; NULL or blank: the automatic name again. */
void
ss_run_list_rename (SsRunList *self, SsPinnedRun *run, const char *name)
{
  g_return_if_fail (SS_IS_RUN_LIST (self));

  ss_pinned_run_set_name (run, name);
  update_name (self, run);
}

/* "Compare all": one pinned run per choice of choice parameter @param,
 * the other values @values; returns how many. */
guint
ss_run_list_compare_all (SsRunList *self, const double *values, int param)
{
  const ss_param_info *p;
  g_autofree double   *v = NULL;
  guint                n = 0;

  g_return_val_if_fail (SS_IS_RUN_LIST (self), 0);
  g_return_val_if_fail (param >= 0 && param < self->scenario->n_params, 0);

  p = &self->scenario->params[param];
  g_return_val_if_fail (p->kind == SS_PARAM_CHOICE, 0);
  v = g_memdup2 (values, sizeof (double) * (gsize)self->scenario->n_params);
  for (int c = 0; p->choices[c] != NULL; c++, n++)
    {
      v[param] = c;
      ss_run_list_pin (self, v, NULL);
    }
  return n;
}

void
ss_run_list_remove (SsRunList *self, SsPinnedRun *run)
{
  guint position;

  g_return_if_fail (SS_IS_RUN_LIST (self));

  if (!g_ptr_array_find (self->runs, run, &position))
    return;
  if (g_hash_table_remove (self->jobs, run))
    self->batch_done++;
  forget_run (run, self);
  g_ptr_array_remove_index (self->runs, position);
  items_changed (self, position, 1, 0);
  update_progress (self);
}

void
ss_run_list_clear (SsRunList *self)
{
  guint n;

  g_return_if_fail (SS_IS_RUN_LIST (self));

  n = self->runs->len;
  g_hash_table_remove_all (self->jobs);
  g_ptr_array_foreach (self->runs, forget_run, self);
  g_ptr_array_set_size (self->runs, 0);
  if (n > 0)
    items_changed (self, 0, n, 0);
  update_progress (self);
}

/* Stops every run still computing and removes it; those done stay. */
void
ss_run_list_cancel (SsRunList *self)
{
  g_return_if_fail (SS_IS_RUN_LIST (self));

  for (guint i = self->runs->len; i-- > 0;)
    {
      SsPinnedRun *run = g_ptr_array_index (self->runs, i);

      if (g_hash_table_contains (self->jobs, run))
        ss_run_list_remove (self, run);
    }
}

gboolean
ss_run_list_is_busy (SsRunList *self)
{
  return g_hash_table_size (self->jobs) > 0;
}

guint
ss_run_list_get_n_computing (SsRunList *self)
{
  return g_hash_table_size (self->jobs);
}

double
ss_run_list_get_progress (SsRunList *self)
{
  return self->progress;
}

/* Wall time from the first job of the last batch to its last result, ms. */
double
ss_run_list_get_last_batch_ms (SsRunList *self)
{
  return self->last_batch_ms;
}
