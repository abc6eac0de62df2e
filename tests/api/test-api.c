/* test-api.c - the C entry layer of libstickslip (stickslip/api.h), linked
 * as the shared library, against the model library it wraps: every
 * scenario's run bit for bit as ss_run's, its events and metrics, a sweep
 * as ss_study_run's, refusals with the library's messages and the previous
 * value kept, the cancel flag and the progress callback.  In the model
 * suite, so it also runs under ASan+UBSan. */
#include "test-util.h"

#include "metrics.h"
#include "study.h"

#include <stickslip/api.h>

static void assert_contains(const char *text, const char *part)
{
  if (!text || !strstr(text, part))
    g_error("'%s' does not contain '%s'", text ? text : "(null)", part);
}

/* Bitwise equality, NaN included. */
static void assert_same_bits(const double *a, const double *b, size_t n, const char *what)
{
  if (n && memcmp(a, b, n * sizeof *a) != 0)
    g_error("%s differ", what);
}

typedef struct progress_log {
  int calls;
  double last_t, t_end;
  int *cancel_at_first; /* set to 1 at the first call when not NULL */
} progress_log;

static void on_progress(void *user, double t, double t_end)
{
  progress_log *log = user;
  g_assert_cmpfloat(t, >=, log->last_t);
  log->calls++;
  log->last_t = t;
  log->t_end = t_end;
  if (log->cancel_at_first)
    g_atomic_int_set(log->cancel_at_first, 1);
}

static void test_runs_equal_ss_run(void)
{
  for (int s = 0; s < ss_api_scenario_count(); s++) {
    const char *name = ss_api_scenario_name(s);
    ss_api_spec *sp = ss_api_spec_new(name);
    g_assert_nonnull(sp);
    ss_api_run *r = ss_api_run_new(sp);
    g_assert_nonnull(r);
    int cancel = 0;
    progress_log log = {0};
    g_assert_cmpint(ss_api_run_exec(r, &cancel, on_progress, &log), ==, SS_API_OK);
    g_assert_cmpint(log.calls, ==, SS_API_RUN_STRETCHES);
    g_assert_cmpfloat(log.last_t, ==, ss_api_run_t_end(r));

    ss_model *m = NULL;
    ss_trace *tr = run_scenario_opts(name, NULL, &(ss_run_opts){0}, &m);
    size_t n = ss_api_run_n_rows(r);
    int nc = ss_api_run_n_columns(r);
    g_assert_cmpuint(n, ==, tr->n_rows);
    g_assert_cmpint(nc, ==, tr->n_columns);
    double *t = malloc(n * sizeof *t), *cols = malloc(n * (size_t)nc * sizeof *cols);
    double *col = malloc(n * sizeof *col), *want = malloc(n * sizeof *want);
    g_assert_cmpuint(ss_api_run_copy_time(r, t, n), ==, n);
    g_assert_cmpuint(ss_api_run_copy_columns(r, cols, n * (size_t)nc), ==, n * (size_t)nc);
    assert_same_bits(t, tr->t, n, "times");
    double *rows = malloc(n * (size_t)nc * sizeof *rows + 1);
    g_assert_cmpuint(ss_api_run_copy_rows(r, rows, n * (size_t)nc), ==, n * (size_t)nc);
    assert_same_bits(rows, tr->rows, n * (size_t)nc, "rows");
    g_assert_cmpuint(ss_api_run_copy_rows(r, rows, n * (size_t)nc - 1), ==, 0); /* too short */
    free(rows);
    for (int c = 0; c < nc; c++) {
      g_assert_cmpstr(ss_api_run_column_name(r, c), ==, ss_model_column(m, c)->name);
      g_assert_cmpstr(ss_api_run_column_unit(r, c), ==, ss_model_column(m, c)->unit);
      g_assert_cmpint(ss_api_run_column_find(r, ss_model_column(m, c)->name), ==, c);
      for (size_t i = 0; i < n; i++)
        want[i] = ss_trace_at(tr, i, c);
      assert_same_bits(cols + (size_t)c * n, want, n, ss_model_column(m, c)->name);
      g_assert_cmpuint(ss_api_run_copy_column(r, c, col, n), ==, n);
      assert_same_bits(col, want, n, ss_model_column(m, c)->name);
    }

    size_t ne = ss_api_run_n_events(r);
    g_assert_cmpuint(ne, ==, tr->n_events);
    double *et = malloc((ne + 1) * sizeof *et);
    int *src = malloc((ne + 1) * sizeof *src), *kind = malloc((ne + 1) * sizeof *kind);
    g_assert_cmpuint(ss_api_run_copy_events(r, et, src, kind, ne), ==, ne);
    for (size_t i = 0; i < ne; i++) {
      g_assert_cmpfloat(et[i], ==, tr->events[i].t);
      g_assert_cmpstr(ss_api_run_source_name(r, src[i]), ==,
                      ss_model_source_name(m, tr->events[i].source));
      g_assert_cmpstr(ss_api_event_kind_name(kind[i]), ==, ss_event_kind_name(tr->events[i].kind));
    }

    ss_metrics *mt = ss_metrics_compute(m, tr);
    int nm = ss_api_run_n_metrics(r);
    g_assert_cmpint(nm, ==, ss_metrics_count(m));
    double *mv = malloc((size_t)nm * sizeof *mv), *mw = malloc((size_t)nm * sizeof *mw);
    g_assert_cmpint(ss_api_run_metrics(r, mv, (size_t)nm), ==, SS_API_OK);
    for (int i = 0; i < nm; i++) {
      ss_metric_desc d;
      ss_metrics_describe(m, i, &d);
      g_assert_cmpstr(ss_api_run_metric_name(r, i), ==, d.name);
      g_assert_cmpstr(ss_api_run_metric_unit(r, i), ==, d.unit);
      mw[i] = ss_metrics_value(mt, i);
    }
    assert_same_bits(mv, mw, (size_t)nm, "metrics");
    g_assert_cmpfloat(ss_api_run_stat(r, "steps"), ==, (double)tr->stats.steps);
    g_assert_cmpfloat(ss_api_run_stat(r, "events"), ==, (double)tr->stats.events);

    free(mv), free(mw), free(et), free(src), free(kind), free(t), free(cols), free(col), free(want);
    ss_metrics_free(mt);
    ss_trace_free(tr);
    ss_model_free(m);
    ss_api_run_free(r);
    ss_api_spec_free(sp);
  }
}

/* A finished run of scenario with k = value (one-mass) or its default:
 * its times, rows, events' times and metrics, one array. */
static GArray *run_result(const char *scenario, double k)
{
  ss_api_spec *sp = ss_api_spec_new(scenario);
  g_assert_nonnull(sp);
  if (!isnan(k))
    g_assert_cmpint(ss_api_spec_set_value(sp, "k", k), ==, SS_API_OK);
  ss_api_run *r = ss_api_run_new(sp);
  g_assert_nonnull(r);
  ss_api_spec_free(sp); /* the run keeps nothing of it */
  g_assert_cmpint(ss_api_run_exec(r, NULL, NULL, NULL), ==, SS_API_OK);
  size_t n = ss_api_run_n_rows(r), nc = (size_t)ss_api_run_n_columns(r);
  size_t ne = ss_api_run_n_events(r), nm = (size_t)ss_api_run_n_metrics(r);
  GArray *a = g_array_sized_new(FALSE, TRUE, sizeof(double), n * (nc + 1) + ne + nm);
  g_array_set_size(a, n * (nc + 1) + ne + nm);
  double *d = (double *)(void *)a->data;
  ss_api_run_copy_time(r, d, n);
  ss_api_run_copy_rows(r, d + n, n * nc);
  int *src = g_new(int, ne + 1), *kind = g_new(int, ne + 1);
  ss_api_run_copy_events(r, d + n * (nc + 1), src, kind, ne);
  g_free(src), g_free(kind);
  g_assert_cmpint(ss_api_run_metrics(r, d + n * (nc + 1) + ne, nm), ==, SS_API_OK);
  ss_api_run_free(r);
  return a;
}

static void assert_same_result(GArray *a, GArray *b, const char *what)
{
  g_assert_cmpuint(a->len, ==, b->len);
  assert_same_bits((const double *)(void *)a->data, (const double *)(void *)b->data, a->len, what);
}

/* Runs of the same values share one model: the cached one gives what a
 * fresh one does, bit for bit; other values get their own; the cache keeps
 * a bounded number of models however many values come. */
static void test_model_cache(void)
{
  ss_api_model_cache_clear();
  g_assert_cmpint(ss_api_model_cache_count(), ==, 0);
  GArray *fresh = run_result("two-slider", NAN);
  g_assert_cmpint(ss_api_model_cache_count(), ==, 1);
  GArray *cached = run_result("two-slider", NAN);
  g_assert_cmpint(ss_api_model_cache_count(), ==, 1); /* the same values: no new model */
  assert_same_result(fresh, cached, "a cached model's run");

  GArray *k1 = run_result("one-mass", 150.0);
  g_assert_cmpint(ss_api_model_cache_count(), ==, 2);
  ss_api_model_cache_clear();
  GArray *k1_fresh = run_result("one-mass", 150.0);
  assert_same_result(k1, k1_fresh, "one-mass k = 150");

  /* forty distinct values: the cache stays bounded */
  for (int i = 0; i < 40; i++) {
    g_array_unref(run_result("one-mass", 100.0 + i));
    g_assert_cmpint(ss_api_model_cache_count(), <=, 8);
  }
  g_assert_cmpint(ss_api_model_cache_count(), ==, 8);
  /* a model evicted while a run holds it lives until that run is freed */
  ss_api_spec *sp = ss_api_spec_new("one-mass");
  g_assert_cmpint(ss_api_spec_set_value(sp, "k", 150.0), ==, SS_API_OK);
  ss_api_run *held = ss_api_run_new(sp);
  ss_api_spec_free(sp);
  g_assert_nonnull(held);
  ss_api_model_cache_clear();
  g_assert_cmpint(ss_api_model_cache_count(), ==, 0);
  for (int i = 0; i < 10; i++)
    g_array_unref(run_result("one-mass", 200.0 + i));
  g_assert_cmpint(ss_api_run_exec(held, NULL, NULL, NULL), ==, SS_API_OK);
  double *t = g_new(double, ss_api_run_n_rows(held));
  ss_api_run_copy_time(held, t, ss_api_run_n_rows(held));
  assert_same_bits(t, (const double *)(void *)k1->data, ss_api_run_n_rows(held), "held run");
  g_free(t);
  ss_api_run_free(held);

  g_array_unref(fresh), g_array_unref(cached), g_array_unref(k1), g_array_unref(k1_fresh);
  ss_api_model_cache_clear();
}

typedef struct cache_job {
  GArray *want[3];
  int rounds;
} cache_job;

static gpointer cache_thread(gpointer data)
{
  cache_job *job = data;
  static const double k[3] = {120.0, 130.0, 140.0};
  for (int i = 0; i < job->rounds; i++) {
    GArray *got = run_result("one-mass", k[i % 3]);
    assert_same_result(job->want[i % 3], got, "a run on two threads");
    g_array_unref(got);
    if (i % 5 == 4)
      ss_api_model_cache_clear(); /* models in use outlive their eviction */
  }
  return NULL;
}

/* Two threads running the same values at once share models and get what
 * one thread alone does, while the cache is cleared under them. */
static void test_model_cache_threads(void)
{
  cache_job job = {.rounds = 12};
  ss_api_model_cache_clear();
  for (int i = 0; i < 3; i++) {
    job.want[i] = run_result("one-mass", 120.0 + 10.0 * i);
    ss_api_model_cache_clear(); /* each from a fresh model */
  }
  GThread *a = g_thread_new("cache-a", cache_thread, &job);
  GThread *b = g_thread_new("cache-b", cache_thread, &job);
  g_thread_join(a);
  g_thread_join(b);
  g_assert_cmpint(ss_api_model_cache_count(), <=, 3);
  for (int i = 0; i < 3; i++)
    g_array_unref(job.want[i]);
  ss_api_model_cache_clear();
}

static void test_refusals(void)
{
  g_assert_null(ss_api_spec_new("one-masss"));
  assert_contains(ss_api_error(), "unknown scenario 'one-masss'; valid: one-mass, dupont");
  g_assert_cmpint(ss_api_scenario_find("nope"), ==, -1);

  ss_api_spec *sp = ss_api_spec_new("one-mass");
  g_assert_cmpint(ss_api_spec_set(sp, "k", "250"), ==, SS_API_OK);
  g_assert_cmpint(ss_api_spec_set(sp, "k", "-1"), ==, SS_API_INVALID);
  assert_contains(ss_api_error(), "parameter 'k': -1 is out of range; valid range (0, 1e+09] N/m");
  g_assert_cmpint(ss_api_spec_set_value(sp, "k", NAN), ==, SS_API_INVALID);
  assert_contains(ss_api_error(), "'k'");
  g_assert_cmpfloat(ss_api_spec_get(sp, "k"), ==, 250.0); /* the previous value kept */
  g_assert_cmpint(ss_api_spec_set(sp, "law", "sticky"), ==, SS_API_INVALID);
  assert_contains(ss_api_error(), "one of exact, regularised, tanh, lugre");
  g_assert_cmpint(ss_api_spec_set(sp, "law", "lugre"), ==, SS_API_OK);
  g_assert_cmpfloat(ss_api_spec_get(sp, "law"), ==, 3.0);
  g_assert_cmpint(ss_api_spec_set_value(sp, "t_end", 0.0), ==, SS_API_INVALID);
  assert_contains(ss_api_error(), "run option 't_end'");
  g_assert_cmpint(ss_api_spec_set_value(sp, "t_end", 2.5), ==, SS_API_OK);
  g_assert_cmpfloat(ss_api_spec_get(sp, "t_end"), ==, 2.5);
  g_assert_cmpint(ss_api_spec_set_value(sp, "stiffness", 1.0), ==, SS_API_INVALID);
  assert_contains(ss_api_error(), "no parameter 'stiffness'");
  g_assert_true(isnan(ss_api_spec_get(sp, "stiffness")));

  /* the model's own cross-parameter refusal, when the run is built */
  g_assert_cmpint(ss_api_spec_set(sp, "mu_k", "0.8"), ==, SS_API_OK);
  g_assert_null(ss_api_run_new(sp));
  assert_contains(ss_api_error(), "mu_k");
  ss_api_spec_set(sp, "mu_k", "0.3");
  ss_api_run *r = ss_api_run_new(sp);
  g_assert_nonnull(r);
  g_assert_cmpfloat(ss_api_run_t_end(r), ==, 2.5);
  double metric;
  g_assert_cmpint(ss_api_run_metrics(r, &metric, 1), ==, SS_API_INVALID); /* not run yet */
  ss_api_run_free(r);

  /* a run that fails: the integrator's message, with when */
  ss_api_spec *gear = ss_api_spec_new("gear-train");
  ss_api_spec_set(gear, "max_steps", "1");
  r = ss_api_run_new(gear);
  g_assert_cmpint(ss_api_run_exec(r, NULL, NULL, NULL), ==, SS_API_SIMULATION);
  assert_contains(ss_api_error(), "t =");
  g_assert_cmpint(ss_api_run_advance(r, INFINITY), ==, -1);
  ss_api_run_free(r);
  ss_api_spec_free(gear);

  char range[256];
  int s = ss_api_scenario_find("one-mass"), p = -1;
  for (int i = 0; i < ss_api_param_count(s); i++)
    if (strcmp(ss_api_param_name(s, i), "k") == 0)
      p = i;
  g_assert_cmpint(ss_api_param_range(s, p, range, sizeof range), >, 0);
  g_assert_cmpstr(range, ==, "(0, 1e+09] N/m");
  g_assert_null(ss_api_param_name(s, 999));
  g_assert_null(ss_api_scenario_name(-1));

  g_assert_cmpint(ss_api_spec_add_axis_range(sp, "k", -5, 200, 4, 0), ==, SS_API_INVALID);
  assert_contains(ss_api_error(), "'k'");
  g_assert_null(ss_api_sweep_run(sp, 1, NULL, NULL, NULL));
  assert_contains(ss_api_error(), "varied parameter");
  ss_api_spec_free(sp);

  g_assert_null(ss_api_spec_new_preset("nope"));
  assert_contains(ss_api_error(), "no study preset 'nope'; valid: two-slider-gamma");
  g_assert_null(ss_api_spec_new_example(ss_api_example_id(0), 0));
  assert_contains(ss_api_error(), "has settings 1 to");
}

static void test_cancel(void)
{
  ss_api_spec *sp = ss_api_spec_new("one-mass");
  ss_api_spec_set(sp, "law", "lugre");
  ss_api_run *r = ss_api_run_new(sp);
  int cancel = 0;
  progress_log log = {.cancel_at_first = &cancel};
  g_assert_cmpint(ss_api_run_exec(r, &cancel, on_progress, &log), ==, SS_API_CANCELLED);
  g_assert_cmpint(log.calls, ==, 1); /* stopped after the stretch it was set in */
  g_assert_cmpfloat(ss_api_run_time(r), <, ss_api_run_t_end(r));
  ss_api_run_free(r);

  ss_api_spec_add_axis(sp, "k=50:200:6");
  ss_api_spec_add_outcome(sp, "period");
  cancel = 1;
  ss_api_sweep *sw = ss_api_sweep_run(sp, 2, &cancel, NULL, NULL);
  g_assert_nonnull(sw);
  g_assert_true(ss_api_sweep_cancelled(sw));
  g_assert_cmpint(ss_api_sweep_n_failed(sw), ==, 6);
  g_assert_cmpstr(ss_api_sweep_status(sw, 0), ==, "cancelled");
  ss_api_sweep_free(sw);
  ss_api_spec_free(sp);
}

static void count_variant(void *user, int done, int total)
{
  int *calls = user;
  g_assert_cmpint(done, ==, ++*calls);
  g_assert_cmpint(total, ==, 12);
}

static void test_sweep_equals_study(void)
{
  ss_api_spec *sp = ss_api_spec_new("one-mass");
  g_assert_cmpint(ss_api_spec_set(sp, "law", "tanh"), ==, SS_API_OK);
  g_assert_cmpint(ss_api_spec_add_axis_range(sp, "k", 50, 200, 4, 0), ==, SS_API_OK);
  g_assert_cmpint(ss_api_spec_add_axis(sp, "mu_k=0.1:0.7:3"), ==, SS_API_OK);
  g_assert_cmpint(ss_api_spec_add_outcome(sp, "period"), ==, SS_API_OK);
  g_assert_cmpint(ss_api_spec_add_outcome(sp, "max:base.ratio"), ==, SS_API_OK);
  g_assert_cmpint(ss_api_spec_n_variants(sp), ==, 12);
  int calls = 0;
  ss_api_sweep *sw = ss_api_sweep_run(sp, 2, NULL, count_variant, &calls);
  g_assert_nonnull(sw);
  g_assert_cmpint(calls, ==, 12);

  ss_study *st = ss_study_new(ss_scenario_find("one-mass"));
  g_assert_true(ss_study_set(st, "law=tanh", NULL));
  g_assert_true(ss_study_add_axis_text(st, "k=50:200:4", NULL));
  g_assert_true(ss_study_add_axis_text(st, "mu_k=0.1:0.7:3", NULL));
  g_assert_true(ss_study_add_outcome(st, "period", NULL));
  g_assert_true(ss_study_add_outcome(st, "max:base.ratio", NULL));
  g_assert_true(ss_study_validate(st, NULL));
  ss_study_result *res = ss_study_run(st, &(ss_study_exec){.jobs = 1}, NULL);

  g_assert_cmpint(ss_api_sweep_n_rows(sw), ==, res->n_rows);
  g_assert_cmpstr(ss_api_sweep_axis_name(sw, 1), ==, "mu_k");
  g_assert_cmpstr(ss_api_sweep_axis_unit(sw, 0), ==, "N/m");
  g_assert_cmpstr(ss_api_sweep_outcome_name(sw, 1), ==, "max:base.ratio");
  g_assert_cmpstr(ss_api_sweep_outcome_unit(sw, 0), ==, "s");
  double axes[24], values[24];
  g_assert_cmpuint(ss_api_sweep_copy_axis_values(sw, axes, 24), ==, 24);
  g_assert_cmpuint(ss_api_sweep_copy_values(sw, values, 24), ==, 24);
  assert_same_bits(axes, res->axis_values, 24, "axis values");
  assert_same_bits(values, res->values, 24, "outcomes");
  int failed = 0;
  for (int i = 0; i < 12; i++) {
    char *want = ss_study_row_status(res, i);
    g_assert_cmpstr(ss_api_sweep_status(sw, i), ==, want);
    free(want);
    failed += res->status[i] != NULL;
  }
  g_assert_cmpint(failed, >, 0); /* mu_k = 0.7 > mu_s */
  g_assert_cmpint(ss_api_sweep_n_failed(sw), ==, failed);
  ss_study_result_free(res);
  ss_study_free(st);
  ss_api_sweep_free(sw);
  ss_api_spec_free(sp);
}

/* A paper's example runs with its output step, a preset builds its study. */
static void test_examples_and_presets(void)
{
  g_assert_cmpint(ss_api_example_count(), >, 0);
  for (int e = 0; e < ss_api_example_count(); e++) {
    ss_api_spec *sp = ss_api_spec_new_example(ss_api_example_id(e), 1);
    g_assert_nonnull(sp);
    g_assert_cmpstr(ss_api_spec_scenario(sp), ==, ss_api_example_scenario(e));
    ss_api_spec_free(sp);
  }
  g_assert_cmpint(ss_api_preset_count(), >, 0);
  for (int i = 0; i < ss_api_preset_count(); i++) {
    ss_api_spec *sp = ss_api_spec_new_preset(ss_api_preset_name(i));
    g_assert_nonnull(sp);
    g_assert_cmpstr(ss_api_spec_scenario(sp), ==, ss_api_preset_scenario(i));
    g_assert_nonnull(ss_api_preset_axis(i, 0));
    g_assert_nonnull(ss_api_preset_outcome(i, 0));
    g_assert_cmpint(ss_api_spec_n_axes(sp), >, 0);
    ss_api_spec_free(sp);
  }
  g_assert_null(ss_api_preset_axis(0, 99));
}

int main(int argc, char **argv)
{
  g_test_init(&argc, &argv, NULL);
  g_assert_cmpint(ss_api_version(), ==, SS_API_VERSION);
  g_test_add_func("/api/runs-equal-ss-run", test_runs_equal_ss_run);
  g_test_add_func("/api/model-cache", test_model_cache);
  g_test_add_func("/api/model-cache-threads", test_model_cache_threads);
  g_test_add_func("/api/refusals", test_refusals);
  g_test_add_func("/api/cancel", test_cancel);
  g_test_add_func("/api/sweep-equals-study", test_sweep_equals_study);
  g_test_add_func("/api/examples-and-presets", test_examples_and_presets);
  return g_test_run();
}
