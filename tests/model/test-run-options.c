/* test-run-options.c - the one table of run-option limits that the CLI,
 * scenario files and the GUI share, and the rules of the engine's check of
 * every emitted row (run-check.c). */
#include "test-util.h"

#include "ss-internal.h"

static void assert_contains(const char *text, const char *needle)
{
  if (!text || !strstr(text, needle))
    g_error("'%s' lacks '%s'", text ? text : "(null)", needle);
}

/* Names, ranges and flags: what a GUI field or a CLI option needs. */
static void test_table(void)
{
  static const struct {
    const char *name, *cli, *unit;
    double min, max;
    unsigned flags;
  } want[] = {
      {"t_end", "--t-end", "s", 0, 1e9, SS_PARAM_MIN_EXCLUSIVE},
      {"dt_out", "--dt-out", "s", 0, 1e9, SS_PARAM_MIN_EXCLUSIVE},
      {"rtol", "--rtol", "", 1e-14, 0.1, 0},
      {"atol", "--atol", "", 1e-20, 0.1, 0},
      {"max_steps", "--max-steps", "", 1, 1e9, SS_PARAM_INTEGER},
      {"max_events", "--max-events", "", 1, 1e9, SS_PARAM_INTEGER},
  };
  for (int i = 0; i < SS_RUN_N_OPTIONS; i++) {
    const ss_param_info *p = ss_run_option_get(i);
    g_assert_nonnull(p);
    g_assert_cmpstr(p->name, ==, want[i].name);
    g_assert_cmpstr(ss_run_option_cli_name(i), ==, want[i].cli);
    g_assert_cmpstr(p->unit, ==, want[i].unit);
    g_assert_cmpfloat(p->min, ==, want[i].min);
    g_assert_cmpfloat(p->max, ==, want[i].max);
    g_assert_cmpuint(p->flags & (SS_PARAM_MIN_EXCLUSIVE | SS_PARAM_INTEGER), ==, want[i].flags);
    g_assert_cmpint(ss_run_option_index(want[i].name), ==, i);
    g_assert_cmpint(ss_run_option_index(want[i].cli), ==, i);
  }
  g_assert_null(ss_run_option_get(SS_RUN_N_OPTIONS));
  g_assert_cmpint(ss_run_option_index("t-end"), ==, -1);
}

static void test_parse(void)
{
  ss_run_opts o = {0};
  char *err = NULL;
  g_assert_true(ss_run_opts_set_text(&o, "t_end", "2.5", &err));
  g_assert_cmpfloat(o.t_end, ==, 2.5);
  g_assert_true(ss_run_opts_set_text(&o, "--max-steps", "1200", &err));
  g_assert_cmpint(o.max_steps, ==, 1200);
  /* a whole number in any decimal spelling: 1e+09 is the range's own */
  const char *whole[][2] = {{"1e+09", "1000000000"}, {"1E3", "1000"}, {"12.0", "12"},
                            {"2.5e1", "25"},         {"+7", "7"},     {"1200", "1200"}};
  for (size_t i = 0; i < G_N_ELEMENTS(whole); i++) {
    g_assert_true(ss_run_opts_set_text(&o, "max_steps", whole[i][0], &err));
    g_assert_cmpint(o.max_steps, ==, g_ascii_strtoll(whole[i][1], NULL, 10));
  }
  const char *not_whole[] = {"0.5", "1e-3", "12.5", "", " 7", "0x10", "inf", "1e", ".", "1e+10"};
  for (size_t i = 0; i < G_N_ELEMENTS(not_whole); i++) {
    g_assert_false(ss_run_opts_set_text(&o, "max_steps", not_whole[i], &err));
    assert_contains(err, "max_steps");
    assert_contains(err, "--max-steps");
  }
  g_assert_cmpint(o.max_steps, ==, 1200); /* kept */
  g_assert_false(ss_run_opts_set_text(&o, "rtol", "5", &err));
  assert_contains(err, "5 is out of range; valid range [1e-14, 0.1]");
  g_assert_false(ss_run_opts_set_text(&o, "dt_out", "0", &err));
  assert_contains(err, "(0, 1e+09] s");
  g_assert_false(ss_run_opts_set_text(&o, "t_end", "nan", &err));
  g_assert_false(ss_run_opts_set_text(&o, "nosuch", "1", &err));
  assert_contains(err, "no run option 'nosuch'");
  /* a refusal names the option and its command-line name */
  for (int i = 0; i < SS_RUN_N_OPTIONS; i++) {
    const ss_param_info *p = ss_run_option_get(i);
    g_autofree char *want =
        g_strdup_printf("run option '%s' (%s)", p->name, ss_run_option_cli_name(i));
    g_assert_false(ss_run_opts_set_text(&o, p->name, "-1", &err));
    assert_contains(err, want);
  }
  free(err);
}

/* Defaults from the scenario and the engine; the cap names t_end, dt_out. */
static void test_resolve(void)
{
  ss_model *m = make_model("dupont", NULL);
  const ss_scenario *sc = ss_scenario_find("dupont");
  ss_run_opts o;
  char *err = NULL;
  g_assert_true(ss_run_opts_resolve(m, NULL, &o, &err));
  g_assert_cmpfloat(o.t_end, ==, sc->t_end);
  g_assert_cmpfloat(o.dt_out, ==, sc->dt_out);
  g_assert_cmpfloat(o.rtol, ==, 1e-8);
  g_assert_cmpfloat(o.atol, ==, 1e-10);
  g_assert_cmpint(o.max_steps, ==, 50000);
  g_assert_cmpint(o.max_events, ==, 1000000);
  g_assert_cmpuint(ss_run_grid_rows(&o), ==, (size_t)(sc->t_end / sc->dt_out + 0.5) + 1);
  /* the largest grid that fits the cap, and one row more */
  size_t row = sizeof(double) * (size_t)(ss_model_n_columns(m) + 1);
  size_t rows = (SS_RUN_MAX_BYTES - 1000000 * sizeof(ss_event)) / row - 1000000;
  ss_run_opts fits = {.t_end = (double)(rows - 1), .dt_out = 1.0};
  g_assert_true(ss_run_opts_resolve(m, &fits, NULL, &err));
  fits.t_end += 1.0;
  g_assert_false(ss_run_opts_resolve(m, &fits, NULL, &err));
  assert_contains(err, "dt_out = 1 s");
  assert_contains(err, "above the cap of 1 GiB");
  /* an option out of its range is refused here too (library callers) */
  ss_run_opts bad = {.rtol = 0.5};
  g_assert_false(ss_run_opts_resolve(m, &bad, NULL, &err));
  assert_contains(err, "rtol");
  free(err);
  ss_model_free(m);
}

/* The check's own rules on rows made by hand: dissipation below zero by
 * more than its tolerance, stuck friction above mu_s N, viscous parts
 * left out, sliding rows and undetermined forces not judged. */
static void test_check_rules(void)
{
  ss_model *m = make_model("one-mass", (const char *const[]){"c=10", NULL});
  ss_run_opts opts;
  g_assert_true(ss_run_opts_resolve(m, NULL, &opts, NULL));
  int n = ss_model_n_columns(m);
  double *row = g_new0(double, n);
  int iF = column(m, "base.F"), iN = column(m, "base.N"), iv = column(m, "base.v"),
      ist = column(m, "base.stick"), idiss = column(m, "energy.dissipated"),
      iwork = column(m, "work.external");
  char why[400];
  ss_run_check *c = ss_run_check_new(m, &opts);
  g_assert_nonnull(c);
  row[iN] = 9.81; /* static limit 0.5 * 9.81 = 4.905 N */
  row[ist] = 1.0;
  row[iF] = 4.905 * 1.009; /* within 1 % */
  g_assert_true(ss_run_check_row(c, row, why, sizeof why));
  row[iF] = -4.905 * 1.03;
  g_assert_false(ss_run_check_row(c, row, why, sizeof why));
  assert_contains(why, "'base' is stuck");
  assert_contains(why, "static limit 4.905 N");
  ss_run_check_free(c);

  c = ss_run_check_new(m, &opts);
  row[iv] = 0.1; /* c v = 1 N of viscous force is not friction */
  row[iF] = 4.905 + 1.0;
  g_assert_true(ss_run_check_row(c, row, why, sizeof why));
  row[ist] = 0.0; /* sliding rows are not judged by the static limit */
  row[iF] = 40.0;
  g_assert_true(ss_run_check_row(c, row, why, sizeof why));
  row[ist] = 1.0; /* an undetermined static force neither */
  row[iF] = NAN;
  g_assert_true(ss_run_check_row(c, row, why, sizeof why));
  ss_run_check_free(c);

  c = ss_run_check_new(m, &opts);
  row[iF] = 0.0;
  row[iwork] = 2.0; /* energy scale 2 J: down to -2e-3 J is rounding */
  row[idiss] = -1.9e-3;
  g_assert_true(ss_run_check_row(c, row, why, sizeof why));
  row[idiss] = -2.2e-3;
  g_assert_false(ss_run_check_row(c, row, why, sizeof why));
  assert_contains(why, "dissipated energy -0.0022 J is negative");
  ss_run_check_free(c);
  g_free(row);
  ss_model_free(m);
}

int main(int argc, char **argv)
{
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/run-options/table", test_table);
  g_test_add_func("/run-options/parse", test_parse);
  g_test_add_func("/run-options/resolve", test_resolve);
  g_test_add_func("/run-check/rules", test_check_rules);
  return g_test_run();
}
