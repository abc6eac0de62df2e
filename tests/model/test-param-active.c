/* test-param-active.c - the scenario tables of which parameter matters under
 * which choice: well formed, worded with the parameter labels, and true: a
 * parameter reported without effect leaves the whole run byte-identical
 * when it changes, under every combination of the scenario's choices. */
#include "test-util.h"

/* Every condition names an existing parameter and a choice parameter with
 * the choices it lists; none is empty or covers every choice. */
static void test_tables(void)
{
  int n_total = 0;
  for (int s = 0; s < ss_scenario_count(); s++) {
    const ss_scenario *sc = ss_scenario_get(s);
    g_assert_true(sc->n_conditions >= 0);
    g_assert_true(sc->n_conditions == 0 || sc->conditions != NULL);
    for (int k = 0; k < sc->n_conditions; k++) {
      const ss_param_condition *c = &sc->conditions[k];
      int p = ss_scenario_param_index(sc, c->param);
      int q = ss_scenario_param_index(sc, c->choice_param);
      if (p < 0 || q < 0)
        g_error("%s: condition %d names %s / %s", sc->name, k, c->param, c->choice_param);
      g_assert_cmpint(p, !=, q);
      g_assert_cmpint(sc->params[q].kind, ==, SS_PARAM_CHOICE);
      int n = 0;
      while (sc->params[q].choices[n])
        n++;
      unsigned all = (1u << n) - 1u;
      g_assert_cmpuint(c->choices_mask, !=, 0u);
      g_assert_cmpuint(c->choices_mask & ~all, ==, 0u);
      g_assert_cmpuint(c->choices_mask, !=, all);
      for (int j = 0; j < k; j++)
        g_assert_false(strcmp(sc->conditions[j].param, c->param) == 0 &&
                       strcmp(sc->conditions[j].choice_param, c->choice_param) == 0);
      n_total++;
    }
  }
  /* two-slider, gear-train and both slider-cranks have some */
  g_assert_cmpint(n_total, >=, 30);
}

static double *defaults_with(const ss_scenario *sc, const char *const *sets)
{
  double *v = malloc(sizeof(double) * (size_t)sc->n_params);
  ss_scenario_defaults(sc, v);
  for (int i = 0; sets && sets[i]; i++) {
    char *err = NULL;
    if (!ss_param_set_assignment(sc, v, sets[i], &err))
      g_error("%s", err);
  }
  return v;
}

/* ss_param_active for `name` under `sets`; checks the reason (NULL: active). */
static void check_active(const char *scenario, const char *const *sets, const char *name,
                         const char *reason)
{
  const ss_scenario *sc = ss_scenario_find(scenario);
  double *v = defaults_with(sc, sets);
  int i = ss_scenario_param_index(sc, name);
  char *why = NULL;
  g_assert_cmpint(i, >=, 0);
  bool active = ss_param_active(sc, v, i, &why);
  if (reason == NULL) {
    g_assert_true(active);
    g_assert_null(why);
    g_assert_null(ss_param_unmet_condition(sc, v, i));
  } else {
    g_assert_false(active);
    g_assert_cmpstr(why, ==, reason);
    g_assert_nonnull(ss_param_unmet_condition(sc, v, i));
    /* NULL why: just the answer */
    g_assert_false(ss_param_active(sc, v, i, NULL));
  }
  free(why);
  free(v);
}

static void test_reasons(void)
{
  const char *const rigid[] = {NULL};
  const char *const flexible[] = {"rod=flexible", NULL};
  const char *const rigid_tanh[] = {"law=tanh", NULL};
  check_active("two-slider", rigid, "k1", "only with Rod model = flexible");
  check_active("two-slider", rigid, "end_fraction", "only with Rod model = flexible");
  check_active("two-slider", flexible, "k1", NULL);
  check_active("two-slider", flexible, "d2", NULL);
  check_active("two-slider", rigid, "treatment", NULL);
  check_active("two-slider", flexible, "treatment", "only with Rod model = rigid");
  check_active("two-slider", rigid_tanh, "treatment", "only with Friction law = exact");
  check_active("two-slider", rigid, "m1", NULL);

  const char *const level1[] = {"level=1", NULL};
  const char *const level2[] = {"level=2", NULL};
  const char *const level3[] = {"level=3", NULL};
  const char *const level4[] = {"level=4", NULL};
  check_active("gear-train", level1, "I_delta", NULL);
  check_active("gear-train", level2, "I_delta", "only with Modelling level = 1");
  check_active("gear-train", level4, "I_gamma", "only with Modelling level = 1");
  check_active("gear-train", level2, "mu_delta", NULL);
  check_active("gear-train", level3, "mu_delta", "only with Modelling level = 1 or 2");
  check_active("gear-train", level3, "MT0s_phi", NULL);
  check_active("gear-train", level4, "gap_psi_delta", "only with Modelling level = 1, 2 or 3");
  check_active("gear-train", level4, "law", "only with Modelling level = 1, 2 or 3");
  check_active("gear-train", level4, "I_psi", NULL);
  check_active("gear-train", level1, "t_load", "only with Drive torque shape = ramp or step");
  const char *const ramp[] = {"drive=ramp", NULL};
  check_active("gear-train", ramp, "t_load", NULL);
  check_active("gear-train", ramp, "f_drive", "only with Drive torque shape = sine");

  const char *const off[] = {"friction=off", NULL};
  check_active("slider-crank", off, "mu_rs", "only with Joint friction = on");
  check_active("slider-crank-offset", off, "mu_tk", "only with Joint friction = on");
  check_active("slider-crank", off, "d", NULL);
  check_active("slider-crank", NULL, "mu_rs", NULL);

  /* no table: everything matters */
  const ss_scenario *sc = ss_scenario_find("one-mass");
  double *v = defaults_with(sc, NULL);
  for (int i = 0; i < sc->n_params; i++)
    g_assert_true(ss_param_active(sc, v, i, NULL));
  free(v);
}

/* ---- runs ---------------------------------------------------------------- */

static ss_trace *run_values(const ss_scenario *sc, const double *values, double t_end)
{
  char *err = NULL;
  ss_model *m = sc->create(sc, values, &err);
  if (!m)
    g_error("%s: %s", sc->name, err);
  ss_run_opts opts = {.t_end = t_end};
  ss_trace *tr = ss_run(m, &opts, &err);
  ss_model_free(m);
  if (!tr) /* a failure is a result too: compared as such */
    free(err);
  return tr;
}

static bool same_bytes(const void *a, const void *b, size_t n)
{
  return n == 0 || memcmp(a, b, n) == 0; /* empty arrays may be NULL */
}

static bool traces_equal(const ss_trace *a, const ss_trace *b)
{
  if (!a || !b)
    return a == b;
  return a->n_columns == b->n_columns && a->n_rows == b->n_rows && a->n_events == b->n_events &&
         same_bytes(a->t, b->t, sizeof(double) * a->n_rows) &&
         same_bytes(a->rows, b->rows, sizeof(double) * a->n_rows * (size_t)a->n_columns) &&
         same_bytes(a->events, b->events, sizeof(ss_event) * a->n_events);
}

static bool accepted(const ss_scenario *sc, const double *values)
{
  char *err = NULL;
  ss_model *m = sc->create(sc, values, &err);
  free(err);
  ss_model_free(m);
  return m != NULL;
}

/* A different valid value of parameter i that the scenario accepts. */
static bool other_value(const ss_scenario *sc, double *values, int i, double *out)
{
  const ss_param_info *p = &sc->params[i];
  double v = values[i], cand[8];
  int n = 0;
  if (p->kind == SS_PARAM_CHOICE) {
    int n_choices = 0;
    while (p->choices[n_choices])
      n_choices++;
    for (int d = 1; d < n_choices && n < 8; d++)
      cand[n++] = fmod(v + d, n_choices);
  } else {
    cand[n++] = v * 2.0;
    cand[n++] = v / 2.0;
    cand[n++] = v + 1.0;
    cand[n++] = v - 1.0;
    cand[n++] = 0.5 * (p->min + p->max);
    cand[n++] = p->max;
  }
  for (int k = 0; k < n; k++) {
    if (cand[k] == v || !ss_param_check(p, cand[k], NULL))
      continue;
    values[i] = cand[k];
    bool ok = accepted(sc, values);
    values[i] = v;
    if (ok) {
      *out = cand[k];
      return true;
    }
  }
  return false;
}

/* Under every combination of the choices: each parameter reported without
 * effect changes nothing in the run. */
static void test_inactive_changes_nothing(gconstpointer data)
{
  const ss_scenario *sc = data;
  double t_end = MIN(sc->t_end, 2.0);
  int choice[64], radix[64], n_choice = 0, combos = 1, compared = 0, skipped = 0;
  double *v = malloc(sizeof(double) * (size_t)sc->n_params);

  for (int i = 0; i < sc->n_params; i++)
    if (sc->params[i].kind == SS_PARAM_CHOICE) {
      int n = 0;
      while (sc->params[i].choices[n])
        n++;
      choice[n_choice] = i;
      radix[n_choice++] = n;
      combos *= n;
    }
  for (int combo = 0; combo < combos; combo++) {
    ss_scenario_defaults(sc, v);
    for (int k = 0, rest = combo; k < n_choice; k++) {
      v[choice[k]] = rest % radix[k];
      rest /= radix[k];
    }
    if (!accepted(sc, v)) {
      skipped++;
      continue;
    }
    ss_trace *base = NULL;
    for (int i = 0; i < sc->n_params; i++) {
      double other;
      if (ss_param_active(sc, v, i, NULL))
        continue;
      if (!other_value(sc, v, i, &other))
        g_error("%s: no other valid value of %s", sc->name, sc->params[i].name);
      if (!base)
        base = run_values(sc, v, t_end);
      double keep = v[i];
      v[i] = other;
      ss_trace *tr = run_values(sc, v, t_end);
      if (!traces_equal(base, tr))
        g_error("%s: %s = %g changed the run although reported without effect (combination %d)",
                sc->name, sc->params[i].name, other, combo);
      v[i] = keep;
      ss_trace_free(tr);
      compared++;
    }
    ss_trace_free(base);
  }
  g_test_message("%s: %d combinations (%d refused), %d runs compared", sc->name, combos, skipped,
                 compared);
  if (sc->n_conditions > 0)
    g_assert_cmpint(compared, >, 0);
  free(v);
}

/* The comparison sees a change where a parameter matters. */
static void check_matters(const char *scenario, const char *const *sets, const char *name)
{
  const ss_scenario *sc = ss_scenario_find(scenario);
  double *v = defaults_with(sc, sets);
  int i = ss_scenario_param_index(sc, name);
  double other;
  g_assert_true(ss_param_active(sc, v, i, NULL));
  g_assert_true(other_value(sc, v, i, &other));
  ss_trace *a = run_values(sc, v, MIN(sc->t_end, 2.0));
  v[i] = other;
  ss_trace *b = run_values(sc, v, MIN(sc->t_end, 2.0));
  g_assert_false(traces_equal(a, b));
  ss_trace_free(a);
  ss_trace_free(b);
  free(v);
}

static void test_active_changes_run(void)
{
  const char *const flexible[] = {"rod=flexible", NULL};
  const char *const level1[] = {"level=1", NULL};
  const char *const level2[] = {"level=2", NULL};
  const char *const ramp[] = {"drive=ramp", NULL};
  check_matters("two-slider", flexible, "k1");
  check_matters("two-slider", flexible, "end_fraction");
  check_matters("gear-train", level1, "I_delta");
  check_matters("gear-train", level2, "mu_delta");
  check_matters("gear-train", ramp, "t_load");
  check_matters("slider-crank", NULL, "mu_rs");
}

int main(int argc, char **argv)
{
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/param-active/tables", test_tables);
  g_test_add_func("/param-active/reasons", test_reasons);
  g_test_add_func("/param-active/active-changes-run", test_active_changes_run);
  for (int s = 0; s < ss_scenario_count(); s++) {
    char path[128];
    snprintf(path, sizeof path, "/param-active/inactive-changes-nothing/%s",
             ss_scenario_get(s)->name);
    g_test_add_data_func(path, ss_scenario_get(s), test_inactive_changes_nothing);
  }
  return g_test_run();
}
