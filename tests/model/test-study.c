/* test-study.c - parameter studies (study.h): axes and variant order, the
 * one-mass period over k against its closed form, outcomes against the
 * trace of an ordinary run, identical tables whatever the threads and
 * shards, failed variants, progress and cancel, Wojtyra's Example 3. */
#include <locale.h>

#include <glib/gstdio.h>

#include "test-util.h"

#include "study-presets.h"
#include "study.h"

static ss_study *study_new(const char *scenario, const char *const *sets, const char *const *axes,
                           const char *const *outcomes)
{
  ss_study *st = ss_study_new(ss_scenario_find(scenario));
  g_assert_nonnull(st);
  char *err = NULL;
  for (int i = 0; sets && sets[i]; i++)
    if (!ss_study_set(st, sets[i], &err))
      g_error("%s: %s", sets[i], err);
  for (int i = 0; axes && axes[i]; i++)
    if (!ss_study_add_axis_text(st, axes[i], &err))
      g_error("%s: %s", axes[i], err);
  for (int i = 0; outcomes && outcomes[i]; i++)
    if (!ss_study_add_outcome(st, outcomes[i], &err))
      g_error("%s: %s", outcomes[i], err);
  if (!ss_study_validate(st, &err))
    g_error("validate: %s", err);
  return st;
}

static ss_study_result *study_run(const ss_study *st, int jobs, int first, int count)
{
  ss_study_exec ex = {.jobs = jobs, .first = first, .count = count};
  char *err = NULL;
  ss_study_result *r = ss_study_run(st, &ex, &err);
  if (!r)
    g_error("study: %s", err);
  return r;
}

static char *table_text(const ss_study *st, const ss_study_result *r, bool header)
{
  char *text = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&text, &len);
  g_assert_cmpint(ss_study_write_csv(st, r, header, f), ==, 0);
  fclose(f);
  return text;
}

static void expect_error(ss_study *st, const char *axis, const char *outcome, const char *part1,
                         const char *part2)
{
  char *err = NULL;
  bool ok = axis ? ss_study_add_axis_text(st, axis, &err) : ss_study_add_outcome(st, outcome, &err);
  g_assert_false(ok);
  g_assert_nonnull(err);
  if (!strstr(err, part1) || (part2 && !strstr(err, part2)))
    g_error("'%s': message '%s' lacks '%s' / '%s'", axis ? axis : outcome, err, part1,
            part2 ? part2 : "");
  free(err);
}

static void test_axes(void)
{
  ss_study *st = ss_study_new(ss_scenario_find("one-mass"));
  char *err = NULL;
  g_assert_cmpint(ss_study_n_variants(st), ==, 1);
  g_assert_true(ss_study_add_axis_text(st, "k=0.1:1:10", &err));
  g_assert_true(ss_study_add_axis_text(st, "gamma=1e-5:1e-3:3:log", &err));
  g_assert_cmpint(ss_study_n_variants(st), ==, 30);
  /* ends exact, points between them rounded: 0.3, not 0.30000000000000004 */
  for (int k = 0; k < 10; k++)
    g_assert_cmpfloat(ss_study_axis_value(st, 0, k), ==, (k + 1) / 10.0);
  g_assert_cmpfloat(ss_study_axis_value(st, 1, 0), ==, 1e-5);
  g_assert_cmpfloat(ss_study_axis_value(st, 1, 1), ==, 1e-4);
  g_assert_cmpfloat(ss_study_axis_value(st, 1, 2), ==, 1e-3);
  /* the first axis varies slowest */
  double p[2];
  ss_study_variant_point(st, 0, p);
  g_assert_cmpfloat(p[0], ==, 0.1);
  g_assert_cmpfloat(p[1], ==, 1e-5);
  ss_study_variant_point(st, 4, p);
  g_assert_cmpfloat(p[0], ==, 0.2);
  g_assert_cmpfloat(p[1], ==, 1e-4);
  ss_study_variant_point(st, 29, p);
  g_assert_cmpfloat(p[0], ==, 1.0);
  g_assert_cmpfloat(p[1], ==, 1e-3);
  /* a descending log axis over decades lands on round numbers */
  ss_study *st2 = ss_study_new(ss_scenario_find("one-mass"));
  g_assert_true(ss_study_add_axis_text(st2, "sigma0=1e11:1e5:4:log", &err));
  const double want[] = {1e11, 1e9, 1e7, 1e5};
  for (int k = 0; k < 4; k++)
    g_assert_cmpfloat(ss_study_axis_value(st2, 0, k), ==, want[k]);
  ss_study_free(st2);

  /* bad axes: the message names the parameter and the valid form or range;
   * the study is unchanged */
  expect_error(st, "M=1:2:3", NULL, "at most 2", NULL);
  ss_study *st3 = ss_study_new(ss_scenario_find("one-mass"));
  expect_error(st3, "k=50:200", NULL, "NAME=LO:HI:N", NULL);
  expect_error(st3, "k=50:200:0", NULL, "NAME=LO:HI:N", "1 to");
  expect_error(st3, "k=50:200:2.5", NULL, "NAME=LO:HI:N", NULL);
  expect_error(st3, "k=a:200:3", NULL, "NAME=LO:HI:N", NULL);
  expect_error(st3, "k=50:200:3:cubic", NULL, "NAME=LO:HI:N", NULL);
  expect_error(st3, "k=-1:200:3", NULL, "'k'", "valid range");
  expect_error(st3, "mu_s=0.1:20:3", NULL, "'mu_s'", "valid range");
  expect_error(st3, "F0=-1:1:3:log", NULL, "'F0'", "LO > 0");
  expect_error(st3, "nope=1:2:3", NULL, "no parameter 'nope'", NULL);
  expect_error(st3, "law=0:1:2", NULL, "'law' is a choice", NULL);
  expect_error(st3, "k=1:2:1000001", NULL, "NAME=LO:HI:N", NULL);
  g_assert_true(ss_study_add_axis_text(st3, "k=1:2:1000", &err));
  expect_error(st3, "M=1:2:1001", NULL, "at most 1000000 variants", NULL);
  expect_error(st3, "k=3:4:5", NULL, "'k' is varied twice", NULL);
  g_assert_cmpint(ss_study_n_axes(st3), ==, 1);
  g_assert_cmpint(ss_study_n_variants(st3), ==, 1000);

  /* outcomes */
  expect_error(st3, NULL, "at:x:v", "at:T:COL", NULL);
  expect_error(st3, NULL, "at:-1:v", "at:T:COL", NULL);
  expect_error(st3, NULL, "at:1", "at:T:COL", NULL);
  expect_error(st3, NULL, "max:", "not an outcome", "max:COL");
  expect_error(st3, NULL, "mean:v", "not an outcome", "max:COL");
  g_assert_true(ss_study_add_outcome(st3, "bogus", &err)); /* names: checked by validate */
  g_assert_false(ss_study_validate(st3, &err));
  g_assert_nonnull(strstr(err, "no metric 'bogus'"));
  g_assert_nonnull(strstr(err, "base.first_slip")); /* the valid names are listed */
  g_assert_nonnull(strstr(err, "spring.F"));
  ss_study *st4 = study_new("one-mass", NULL, (const char *[]){"k=50:60:2", NULL},
                            (const char *[]){"max:spring.F", "period", "amp:v", NULL});
  g_assert_cmpstr(ss_study_outcome_unit(st4, 0), ==, "N");
  g_assert_cmpstr(ss_study_outcome_unit(st4, 1), ==, "s");
  g_assert_cmpstr(ss_study_outcome_unit(st4, 2), ==, "m/s");
  g_assert_true(ss_study_add_outcome(st4, "at:10.5:v", &err));
  g_assert_false(ss_study_validate(st4, &err));
  g_assert_nonnull(strstr(err, "after the run's end"));
  g_assert_true(ss_study_add_outcome(st4, "max:nothing", &err));
  ss_study *st5 = ss_study_new(ss_scenario_find("one-mass"));
  g_assert_false(ss_study_validate(st5, &err)); /* no outcome */
  free(err);
  ss_study_free(st5);
  ss_study_free(st4);
  ss_study_free(st3);
  ss_study_free(st);
}

/* The one-mass limit cycle's period over k against the closed form
 * (test-metrics.c): slip (pi + 2 atan2(v_d/w, u0))/w plus stick
 * 2 (FS - FK)/(k v_d). */
static void test_one_mass_period(void)
{
  ss_study *st = study_new("one-mass", NULL, (const char *[]){"k=40:400:7:log", NULL},
                           (const char *[]){"period", "base.first_slip", NULL});
  ss_study_set_run_opts(st, &(ss_run_opts){.t_end = 30, .rtol = 1e-10, .atol = 1e-12});
  ss_study_result *r = study_run(st, 0, 0, 0);
  g_assert_cmpint(r->n_rows, ==, 7);
  g_assert_cmpint(r->n_failed, ==, 0);
  double M = 1, v_d = 0.1, FS = 0.5 * 9.81, FK = 0.3 * 9.81;
  for (int i = 0; i < r->n_rows; i++) {
    double k = r->axis_values[i];
    double w = sqrt(k / M), u0 = (FS - FK) / k;
    double period = (M_PI + 2 * atan2(v_d / w, u0)) / w + 2 * (FS - FK) / (k * v_d);
    double got = r->values[2 * i];
    if (!(fabs(got - period) <= 1e-6 * period))
      g_error("k = %g: period %.12g, closed form %.12g", k, got, period);
    g_assert_cmpfloat(fabs(r->values[2 * i + 1] - FS / (k * v_d)), <=, 1e-9);
    g_assert_null(r->status[i]);
  }
  ss_study_result_free(r);
  ss_study_free(st);
}

/* Every outcome form against the trace of ss_run on the same variant. */
static void test_outcomes(void)
{
  const char *outcomes[] = {"max:spring.F",      "min:spring.F",       "final:z",
                            "at:2.5:spring.F",   "at:0.45:base.stick", "amp:spring.F",
                            "energy.dissipated", "base.max_ratio",     NULL};
  ss_study *st = study_new("one-mass", (const char *[]){"mu_k=0.25", NULL},
                           (const char *[]){"k=80:120:3", NULL}, outcomes);
  ss_study_set_run_opts(st, &(ss_run_opts){.t_end = 12});
  ss_study_result *r = study_run(st, 2, 0, 0);
  for (int i = 0; i < 3; i++) {
    char k_set[32];
    snprintf(k_set, sizeof k_set, "k=%g", r->axis_values[i]);
    ss_model *m = NULL;
    ss_trace *tr =
        run_scenario("one-mass", (const char *[]){"mu_k=0.25", k_set, NULL}, 12.0, 0.0, &m);
    const double *v = r->values + 8 * i;
    int isp = column(m, "spring.F");
    double hi = -INFINITY, lo = INFINITY;
    for (size_t row = 0; row < tr->n_rows; row++) {
      hi = fmax(hi, ss_trace_at(tr, row, isp));
      lo = fmin(lo, ss_trace_at(tr, row, isp));
    }
    /* refined extrema: not below the rows', and within a grid step's change */
    g_assert_cmpfloat(v[0], >=, hi);
    g_assert_cmpfloat(v[0], <, hi + 1e-3 * hi);
    g_assert_cmpfloat(v[1], <=, lo);
    /* the same run bit for bit: the last row */
    g_assert_cmpfloat(v[2], ==, ss_trace_at(tr, tr->n_rows - 1, column(m, "z")));
    /* at 2.5 s, a grid row (dt_out 0.01 s) */
    size_t r25 = 0;
    while (tr->t[r25] < 2.5 - 1e-12)
      r25++;
    g_assert_cmpfloat(fabs(v[3] - ss_trace_at(tr, r25, isp)), <, 1e-12);
    /* a stick column is a step, not interpolated: stuck until the first
     * slip at FS/(k v_d) = 0.613, 0.4905, 0.40875 s */
    g_assert_cmpfloat(v[4], ==, i < 2 ? 1.0 : 0.0);
    ss_metrics *mt = ss_metrics_compute(m, tr);
    g_assert_cmpfloat(v[6], ==, mt->energy_dissipated);
    g_assert_cmpfloat(v[7], ==, mt->contacts[0].max_ratio);
    /* amp of the spring force over the last period: (max - min)/2 of the
     * cycle, FS at the slip and 2 FK - FS at the stick, overshoot after the
     * slip included: at least FS - FK */
    g_assert_false(isnan(mt->period));
    g_assert_cmpfloat(v[5], >=, (0.5 - 0.25) * 9.81 * (1 - 1e-9));
    /* located on the dense output: not below the rows' half range, and
     * within a grid step's change of it */
    double grid = ss_trace_half_range(tr, isp, mt->period_end - mt->period, mt->period_end);
    g_assert_cmpfloat(v[5], >=, grid * (1 - 1e-12));
    g_assert_cmpfloat(v[5], <, grid * (1 + 1e-3));
    ss_metrics_free(mt);
    ss_trace_free(tr);
    ss_model_free(m);
  }
  ss_study_result_free(r);
  ss_study_free(st);
}

/* The same table whatever the threads, and shards that concatenate to it. */
static void test_deterministic(void)
{
  const char *axes[] = {"k=50:200:5", "v_drive=0.05:0.2:3", NULL};
  const char *outcomes[] = {"period", "amplitude", "base.stick_time", "max:base.ratio", NULL};
  ss_study *st = study_new("one-mass", NULL, axes, outcomes);
  ss_study_result *r1 = study_run(st, 1, 0, 0);
  g_assert_cmpint(r1->n_rows, ==, 15);
  g_autofree char *one = table_text(st, r1, true);
  for (int jobs = 2; jobs <= 5; jobs += 3) {
    ss_study_result *rj = study_run(st, jobs, 0, 0);
    g_autofree char *text = table_text(st, rj, true);
    g_assert_cmpstr(text, ==, one);
    ss_study_result_free(rj);
  }
  for (int n = 1; n <= 16; n += 5) { /* 1, 6, 11, 16 parts: some empty */
    GString *joined = g_string_new(NULL);
    int next = 0;
    for (int k = 1; k <= n; k++) {
      int first, count;
      ss_study_shard_range(15, k, n, &first, &count);
      g_assert_cmpint(first, ==, next); /* contiguous, in order */
      next = first + count;
      /* an empty part runs nothing (count 0 would mean all the rest) */
      ss_study_result *rk = count ? study_run(st, 2, first, count) : NULL;
      g_autofree char *part = table_text(st, rk, k == 1);
      g_string_append(joined, part);
      ss_study_result_free(rk);
    }
    g_assert_cmpint(next, ==, 15);
    g_assert_cmpstr(joined->str, ==, one);
    g_string_free(joined, TRUE);
  }
  ss_study_result_free(r1);
  ss_study_free(st);
}

/* Variants that cannot be built or fail in the integrator report why; the
 * others run. */
static void test_failed_variants(void)
{
  ss_study *st = study_new("one-mass", NULL, (const char *[]){"mu_k=0.2:0.8:4", NULL},
                           (const char *[]){"base.first_slip", NULL});
  ss_study_result *r = study_run(st, 2, 0, 0);
  g_assert_cmpint(r->n_failed, ==, 2);
  g_assert_null(r->status[0]);
  g_assert_null(r->status[1]);
  g_assert_cmpfloat(fabs(r->values[0] - 0.4905), <, 1e-9);
  g_assert_cmpfloat(fabs(r->values[1] - 0.4905), <, 1e-9);
  for (int i = 2; i < 4; i++) {
    g_assert_nonnull(strstr(r->status[i], "must not exceed 'mu_s'"));
    g_assert_true(isnan(r->values[i]));
  }
  g_autofree char *text = table_text(st, r, true);
  g_assert_nonnull(strstr(text, "0.2,0.4905")); /* not 0.49050000000000016: shortest */
  g_assert_nonnull(strstr(text, "\n0.6,,failed: parameter 'mu_k' = 0.6 must not exceed"));
  ss_study_result_free(r);
  ss_study_free(st);

  st = study_new("one-mass", (const char *[]){"law=lugre", NULL},
                 (const char *[]){"sigma0=1e5:1e11:4:log", NULL},
                 (const char *[]){"base.first_slip", NULL});
  ss_study_set_run_opts(st, &(ss_run_opts){.max_steps = 1000});
  r = study_run(st, 2, 0, 0);
  g_assert_null(r->status[0]);
  g_assert_null(r->status[1]);
  for (int i = 2; i < 4; i++) {
    g_assert_nonnull(strstr(r->status[i], "more than 1000 integrator steps"));
    g_assert_true(isnan(r->values[i]));
  }
  /* a reason with a comma or a quote is one quoted CSV field */
  g_free(r->status[2]);
  r->status[2] = g_strdup("a, \"b\"");
  g_autofree char *quoted = table_text(st, r, false);
  g_assert_nonnull(strstr(quoted, "\n1e+09,,\"failed: a, \"\"b\"\"\"\n"));
  ss_study_result_free(r);
  ss_study_free(st);
}

typedef struct progress_log {
  int calls;
  int last_done;
  int cancel_after; /* sets cancel when done reaches it (0: never) */
  int cancel;
  GMutex lock;
} progress_log;

static void on_progress(void *user, const ss_study_report *rep)
{
  progress_log *log = user;
  g_mutex_lock(&log->lock); /* the study serialises calls; this checks it does */
  log->calls++;
  g_assert_cmpint(rep->done, ==, log->last_done + 1);
  log->last_done = rep->done;
  g_assert_cmpint(rep->variant, ==, rep->row); /* first = 0 */
  g_assert_cmpfloat(rep->axis_values[0], >, 0.0);
  if (log->cancel_after && rep->done == log->cancel_after)
    g_atomic_int_set(&log->cancel, 1);
  g_mutex_unlock(&log->lock);
}

static void test_progress_cancel(void)
{
  ss_study *st = study_new("one-mass", NULL, (const char *[]){"k=50:200:12", NULL},
                           (const char *[]){"period", NULL});
  progress_log log = {0};
  g_mutex_init(&log.lock);
  ss_study_exec ex = {.jobs = 2, .progress = on_progress, .user = &log, .cancel = &log.cancel};
  ss_study_result *r = ss_study_run(st, &ex, NULL);
  g_assert_cmpint(log.calls, ==, 12);
  g_assert_false(r->cancelled);
  ss_study_result_free(r);

  log = (progress_log){.cancel_after = 2};
  ss_study_set_run_opts(st, &(ss_run_opts){.t_end = 200});
  r = ss_study_run(st, &ex, NULL);
  g_assert_true(r->cancelled);
  g_assert_cmpint(log.calls, ==, 12); /* every row reports, cancelled or not */
  int n_cancelled = 0;
  for (int i = 0; i < 12; i++)
    n_cancelled += r->status[i] && strcmp(r->status[i], "cancelled") == 0;
  g_assert_cmpint(n_cancelled, >=, 8);
  g_assert_cmpint(r->n_failed, ==, n_cancelled);
  ss_study_result_free(r);
  g_mutex_clear(&log.lock);
  ss_study_free(st);
}

/* Wojtyra 2016 Example 3 (docs/two-slider.md): regularised law, gamma_1 =
 * gamma_2: no gross motion; gamma_1 = 2 gamma_2: a slip near 1.96 s (ours
 * 1.947 s). */
static void test_two_slider_gamma_ratio(void)
{
  ss_study *st = study_new("two-slider", (const char *[]){"law=regularised", "gamma_2=1e-5", NULL},
                           (const char *[]){"gamma_1=1e-5:2e-5:2", NULL},
                           (const char *[]){"slider1.first_slip", "slider2.first_slip", NULL});
  ss_study_result *r = study_run(st, 2, 0, 0);
  g_assert_cmpint(r->n_failed, ==, 0);
  g_assert_true(isnan(r->values[0])); /* ratio 1: no slip */
  g_assert_true(isnan(r->values[1]));
  g_assert_cmpfloat(fabs(r->values[2] - 1.96), <, 0.05); /* ratio 2: slips */
  g_assert_cmpfloat(fabs(r->values[3] - 1.96), <, 0.05);
  ss_study_result_free(r);
  ss_study_free(st);
}

/* Row of variant with axis value v (first axis), -1 if none. */
static int variant_row(const ss_study_result *r, double v)
{
  for (int i = 0; i < r->n_rows; i++)
    if (fabs(r->axis_values[(size_t)i * (size_t)r->n_axes] - v) <= 1e-9 * fabs(v))
      return i;
  return -1;
}

/* The shipped presets build and validate; the two-slider ones show what
 * their descriptions say ([Wojtyra2016] Examples 3 and 4): gamma_1 =
 * gamma_2 stuck, 2 gamma_2 slipping near 1.95 s; sigma0_1 = sigma0_2
 * slipping near 1.92 s, 2 sigma0_2 stuck. */
static void test_presets(void)
{
  g_assert_cmpint(ss_study_preset_count(), >=, 4);
  for (int i = 0; i < ss_study_preset_count(); i++) {
    const ss_study_preset *p = ss_study_preset_get(i);
    char *err = NULL;
    ss_study *st = ss_study_preset_build(p, &err);
    if (!st)
      g_error("%s: %s", p->name, err);
    g_assert_true(ss_study_preset_find(p->name) == p);
    g_assert_true(ss_study_scenario(st) == ss_scenario_find(p->scenario));
    g_assert_cmpint(ss_study_n_axes(st), >=, 1);
    g_assert_cmpint(ss_study_n_outcomes(st), >=, 1);
    ss_study_free(st);
  }
  g_assert_null(ss_study_preset_find("nope"));
  g_assert_null(ss_study_preset_get(ss_study_preset_count()));

  struct {
    const char *name;
    double stuck, slips, slip_time;
  } cases[] = {{"two-slider-gamma", 1e-5, 2e-5, 1.947}, {"two-slider-sigma0", 2e5, 1e5, 1.918}};
  for (size_t c = 0; c < G_N_ELEMENTS(cases); c++) {
    ss_study *st = ss_study_preset_build(ss_study_preset_find(cases[c].name), NULL);
    ss_study_result *r = study_run(st, 2, 0, 0);
    g_assert_cmpint(r->n_failed, ==, 0);
    int stuck = variant_row(r, cases[c].stuck), slips = variant_row(r, cases[c].slips);
    g_assert_cmpint(stuck, >=, 0);
    g_assert_cmpint(slips, >=, 0);
    g_assert_true(isnan(r->values[stuck * 2]));
    g_assert_true(isnan(r->values[stuck * 2 + 1]));
    g_assert_cmpfloat(fabs(r->values[slips * 2] - cases[c].slip_time), <, 0.005);
    g_assert_cmpfloat(fabs(r->values[slips * 2 + 1] - cases[c].slip_time), <, 0.05);
    ss_study_result_free(r);
    ss_study_free(st);
  }
}

/* The GUI runs in the user's locale: its study table and metrics must still
 * say 0.5, not 0,5 (which splits a CSV field). */
static void test_locale(void)
{
  g_autofree char *dir = g_dir_make_tmp("stickslip-study-locale-XXXXXX", NULL);
  locale_t pl = test_comma_locale(dir);
  if (!pl) {
    g_test_fail_printf("no locale with a decimal comma (pl_PL): install Debian's 'locales' "
                       "package (tools/deps.txt)");
    test_remove_tree(dir);
    return;
  }
  ss_study *st = study_new("one-mass", NULL, (const char *[]){"k=50:51.5:2", NULL},
                           (const char *[]){"period", "base.max_ratio", NULL});
  ss_study_result *r = study_run(st, 2, 0, 0);
  ss_model *m = NULL;
  ss_trace *tr = run_scenario("one-mass", NULL, 4.0, 0.01, &m);
  ss_metrics *mt = ss_metrics_compute(m, tr);
  char *text[2][2];
  for (int pass = 0; pass < 2; pass++) {
    locale_t old = uselocale(pass ? pl : LC_GLOBAL_LOCALE);
    if (pass) {
      char probe[16];
      snprintf(probe, sizeof probe, "%.1f", 0.5);
      g_assert_cmpstr(probe, ==, "0,5"); /* the locale does what it should */
    }
    text[pass][0] = table_text(st, r, true);
    size_t len = 0;
    FILE *f = open_memstream(&text[pass][1], &len);
    g_assert_cmpint(ss_metrics_write_csv(m, mt, f), ==, 0);
    fclose(f);
    uselocale(old);
  }
  for (int k = 0; k < 2; k++) {
    g_assert_cmpstr(text[0][k], ==, text[1][k]);
    free(text[0][k]);
    free(text[1][k]);
  }
  freelocale(pl);
  ss_metrics_free(mt);
  ss_trace_free(tr);
  ss_model_free(m);
  ss_study_result_free(r);
  ss_study_free(st);
  test_remove_tree(dir);
}

int main(int argc, char **argv)
{
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/study/axes", test_axes);
  g_test_add_func("/study/one-mass-period", test_one_mass_period);
  g_test_add_func("/study/outcomes", test_outcomes);
  g_test_add_func("/study/deterministic", test_deterministic);
  g_test_add_func("/study/failed-variants", test_failed_variants);
  g_test_add_func("/study/progress-cancel", test_progress_cancel);
  g_test_add_func("/study/two-slider-gamma-ratio", test_two_slider_gamma_ratio);
  g_test_add_func("/study/locale", test_locale);
  g_test_add_func("/study/presets", test_presets);
  return g_test_run();
}
