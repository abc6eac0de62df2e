/* test-run-checks.c - what the engine refuses before and during a run: a
 * history larger than its cap (before any work, for every interface, since
 * the GUI's worker and the CLI both start with ss_sim_new), and results
 * that are not physical (negative dissipation, stuck friction above its
 * static limit), which used to come back as successes. */
#include "test-util.h"

static void assert_contains(const char *text, const char *needle)
{
  if (!text || !strstr(text, needle))
    g_error("'%s' lacks '%s'", text ? text : "(null)", needle);
}

/* The grid of 1e8 rows was allocated row by row until the process died. */
static void test_history_cap(void)
{
  ss_model *m = make_model("one-mass", NULL);
  char *err = NULL;
  ss_run_opts opts = {.dt_out = 1e-7};
  ss_sim *s = ss_sim_new(m, &opts, &err);
  g_assert_null(s);
  assert_contains(err, "t_end = 10 s");
  assert_contains(err, "dt_out = 1e-07 s");
  assert_contains(err, "1 GiB");
  free(err);
  err = NULL;
  g_assert_null(ss_run(m, &opts, &err));
  assert_contains(err, "dt_out = 1e-07 s");
  free(err);
  err = NULL;
  /* event rows count too: a million events of rows this wide fit, a
   * billion do not */
  ss_run_opts events = {.max_events = 1000000000};
  g_assert_null(ss_sim_new(m, &events, &err));
  assert_contains(err, "event rows");
  free(err);
  ss_model_free(m);
}

/* A run keeps at most its grid and one row per event. */
static void test_rows_bounded(void)
{
  ss_model *m = make_model("one-mass", NULL);
  ss_run_opts opts = {.t_end = 30, .dt_out = 0.5};
  char *err = NULL;
  ss_trace *tr = ss_run(m, &opts, &err);
  g_assert_nonnull(tr);
  g_assert_cmpuint(tr->n_events, >, 10);
  g_assert_cmpuint(tr->n_rows, <=, 61 + tr->n_events);
  ss_trace_free(tr);
  /* events beyond max_events stop the run, with the reason */
  ss_run_opts few = {.t_end = 30, .dt_out = 0.5, .max_events = 5};
  g_assert_null(ss_run(m, &few, &err));
  assert_contains(err, "too many events");
  free(err);
  ss_model_free(m);
}

typedef struct bad_case {
  const char *scenario;
  const char *sets[4];
  const char *contact; /* named in the message */
} bad_case;

/* LuGre's bristle damping sigma1 far beyond its passive range: one-mass
 * reported -1006 J dissipated and friction 45 N per N while stuck,
 * gear-train 13x and two-slider 2.4x the static limit, all as successes. */
static void test_non_physical_refused(void)
{
  static const bad_case cases[] = {
      {"one-mass", {"law=lugre", "sigma1=1e6", NULL}, "'base'"},
      {"gear-train", {"law=lugre", "sigma1=1e9", NULL}, "'bearing_psi'"},
      {"two-slider", {"law=lugre", "sigma1_2=1e9", NULL}, "'slider2'"},
      {"two-slider", {"law=lugre", "rod=flexible", "sigma1_1=1e9", NULL}, "'slider"},
  };
  for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
    ss_model *m = make_model(cases[i].scenario, cases[i].sets);
    char *err = NULL;
    ss_trace *tr = ss_run(m, NULL, &err);
    if (tr)
      g_error("%s %s: a non-physical run succeeded", cases[i].scenario, cases[i].sets[1]);
    assert_contains(err, "failed at t = ");
    assert_contains(err, "non-physical");
    assert_contains(err, cases[i].contact);
    free(err);
    ss_model_free(m);
  }
}

/* Every scenario's defaults, every choice of every choice parameter and
 * the bench's extra variants pass the checks (their outputs are unchanged:
 * tools/bench-outputs.sh). */
static void test_variants_pass(void)
{
  for (int s = 0; s < ss_scenario_count(); s++) {
    const ss_scenario *sc = ss_scenario_get(s);
    for (int p = -1; p < sc->n_params; p++) {
      const ss_param_info *info = p >= 0 ? &sc->params[p] : NULL;
      if (info && info->kind != SS_PARAM_CHOICE)
        continue;
      for (int c = 0; info ? info->choices[c] != NULL : c == 0; c++) {
        char set[128] = "";
        if (info && c == (int)info->def)
          continue;
        if (info)
          snprintf(set, sizeof set, "%s=%s", info->name, info->choices[c]);
        const char *sets[] = {set, NULL};
        ss_model *m = make_model(sc->name, info ? sets : NULL);
        char *err = NULL;
        ss_trace *tr = ss_run(m, NULL, &err);
        if (!tr)
          g_error("%s %s: %s", sc->name, set, err);
        ss_trace_free(tr);
        ss_model_free(m);
      }
    }
  }
  static const char *const extras[][4] = {
      {"one-mass", "law=lugre", NULL, NULL},
      {"two-slider", "rod=flexible", "law=regularised", NULL},
      {"two-slider", "rod=flexible", "law=tanh", NULL},
      {"two-slider", "rod=flexible", "law=lugre", NULL},
  };
  for (size_t i = 0; i < G_N_ELEMENTS(extras); i++) {
    ss_run_opts opts = {.t_end = i == 0 ? 30.0 : 0.0};
    ss_trace *tr = run_scenario_opts(extras[i][0], (const char *const *)&extras[i][1], &opts, NULL);
    ss_trace_free(tr);
  }
}

int main(int argc, char **argv)
{
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/run-checks/history-cap", test_history_cap);
  g_test_add_func("/run-checks/rows-bounded", test_rows_bounded);
  g_test_add_func("/run-checks/non-physical-refused", test_non_physical_refused);
  g_test_add_func("/run-checks/variants-pass", test_variants_pass);
  return g_test_run();
}
