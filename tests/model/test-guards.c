/* test-guards.c - every run advances or stops: the integrator's guards
 * against a root search that cannot converge and against simulated time
 * that does not advance, the caller's cancellation, and overflowing
 * outputs (docs/events.md, "Guards"). */
#include "test-util.h"

/* A load ramp over 1e-307 s (subnormal times): CVODE's root search at
 * t ~ 2e-310 s cannot shrink its bracket below rounding and, unguarded,
 * evaluates the event functions forever within one step. */
static const char *const stall_sets[] = {"t_P=1e-307", "P=-10000", NULL};

/* The stalled root search stops the run within a bounded number of
 * event-function evaluations, with the time and the reason. */
static void test_root_stall(void)
{
  ss_model *m = make_model("two-slider", stall_sets);
  char *err = NULL;
  ss_sim *s = ss_sim_new(m, NULL, &err);
  g_assert_nonnull(s);
  g_assert_cmpint(ss_sim_advance(s, INFINITY, NULL), ==, -1);
  const char *why = ss_sim_error(s);
  g_assert_nonnull(strstr(why, "simulation failed at t = "));
  g_assert_nonnull(strstr(why, "root finding does not converge"));
  g_assert_cmpfloat(ss_sim_time(s), <, 1e-300); /* it never got anywhere */
  ss_stats st;
  ss_sim_get_stats(s, &st);
  g_assert_cmpint(st.root_evals, <=, 6000); /* the guard's 5000, and the steps before */
  g_assert_cmpint(st.steps, <, 1000);
  ss_sim_free(s);
  ss_model_free(m);

  /* ss_run, as the CLI and sweeps use it: NULL and the same reason */
  m = make_model("two-slider", stall_sets);
  g_assert_null(ss_run(m, NULL, &err));
  g_assert_nonnull(strstr(err, "root finding does not converge"));
  free(err);
  ss_model_free(m);
}

typedef struct cancel_count {
  int calls;     /* times asked */
  int cancel_at; /* answer true from this call on */
} cancel_count;

static bool cancel_cb(void *user)
{
  cancel_count *c = user;
  return ++c->calls >= c->cancel_at;
}

/* A long run asked to cancel stops at once: the callback is asked every
 * few integrator steps, and its first true ends the run. */
static void test_cancel(void)
{
  static const char *const sets[] = {"law=lugre", NULL};
  ss_model *m = make_model("gear-train", sets);
  char *err = NULL;
  ss_sim *s = ss_sim_new(m, NULL, &err);
  g_assert_nonnull(s);
  cancel_count c = {0, 20};
  ss_sim_set_cancel(s, cancel_cb, &c);
  g_assert_cmpint(ss_sim_advance(s, INFINITY, NULL), ==, -1);
  g_assert_cmpint(c.calls, ==, 20);
  g_assert_nonnull(strstr(ss_sim_error(s), "run cancelled at t = "));
  ss_stats st;
  ss_sim_get_stats(s, &st);
  g_assert_cmpint(st.steps, >, 0);
  g_assert_cmpint(st.steps, <=, 20 * 16); /* asked at least every 16 steps */
  double t = ss_sim_time(s);
  g_assert_cmpfloat(t, <, ss_sim_t_end(s));
  /* a cancelled run stays stopped */
  g_assert_cmpint(ss_sim_advance(s, INFINITY, NULL), ==, -1);
  g_assert_cmpint(c.calls, ==, 20);
  ss_sim_free(s);

  /* never cancelled: the callback is asked and the run ends normally */
  s = ss_sim_new(m, &(ss_run_opts){.t_end = 0.5}, &err);
  c = (cancel_count){0, 1 << 30};
  ss_sim_set_cancel(s, cancel_cb, &c);
  g_assert_cmpint(ss_sim_advance(s, INFINITY, NULL), ==, 1);
  ss_sim_get_stats(s, &st);
  g_assert_cmpint(c.calls, >=, st.steps / 16);
  ss_sim_free(s);
  ss_model_free(m);
}

/* Cancellation reaches into a root search that does not converge: the
 * run is cancelled there, long before the search's own guard. */
static void test_cancel_in_root_search(void)
{
  ss_model *m = make_model("two-slider", stall_sets);
  char *err = NULL;
  ss_sim *s = ss_sim_new(m, NULL, &err);
  g_assert_nonnull(s);
  cancel_count c = {0, 3};
  ss_sim_set_cancel(s, cancel_cb, &c);
  g_assert_cmpint(ss_sim_advance(s, INFINITY, NULL), ==, -1);
  g_assert_nonnull(strstr(ss_sim_error(s), "run cancelled at t = "));
  g_assert_cmpint(c.calls, ==, 3);
  ss_stats st;
  ss_sim_get_stats(s, &st);
  g_assert_cmpint(st.root_evals, <=, 3 * 16 + 100);
  ss_sim_free(s);
  ss_model_free(m);
}

/* A quantity that overflows (viscous force over a normal force near 0:
 * the ratio |F|/N) is undetermined (NaN, an empty CSV field), never inf. */
static void test_overflow_undetermined(void)
{
  static const char *const sets[] = {"g=1e-306", "c=1", "F0=1e6", NULL};
  ss_model *m = NULL;
  ss_trace *tr = run_scenario_opts("one-mass", sets, NULL, &m);
  int ratio = ss_model_column_find(m, "base.ratio");
  g_assert_cmpint(ratio, >=, 0);
  size_t nan_rows = 0;
  for (size_t r = 0; r < tr->n_rows; r++) {
    for (int c = 0; c < tr->n_columns; c++)
      g_assert_false(isinf(ss_trace_at(tr, r, c)));
    nan_rows += isnan(ss_trace_at(tr, r, ratio));
  }
  g_assert_cmpuint(nan_rows, >, tr->n_rows / 2); /* sliding: the viscous force overflows it */
  ss_trace_free(tr);
  ss_model_free(m);
}

int main(int argc, char **argv)
{
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/guards/root-stall", test_root_stall);
  g_test_add_func("/guards/cancel", test_cancel);
  g_test_add_func("/guards/cancel-in-root-search", test_cancel_in_root_search);
  g_test_add_func("/guards/overflow-undetermined", test_overflow_undetermined);
  return g_test_run();
}
