/* test-preview.c - a preview run (ss_run_opts_preview: looser tolerances,
 * a coarser output grid) draws the final run's curves: at every preview row,
 * each column within a small fraction of its range of the final run's curve. */
#include "test-util.h"

/* Largest share of a column's range a preview value may stray from the
 * final curve: a few pixels on the tallest chart would be 1 %. */
#define MAX_SHARE 0.02

/* Half-width of the time window, as a share of t_end, in which the final
 * curve is searched for a preview value: events that moved by less than
 * this (far below a pixel) do not count as a different curve. */
#define TIME_SHARE 1e-3

/* Final curve of column c between a and b (rows and the segments' ends). */
static void final_span(const ss_trace *f, int c, double a, double b, double *lo, double *hi)
{
  size_t i = 0, j = f->n_rows;
  *lo = INFINITY;
  *hi = -INFINITY;
  while (i < j) { /* first row with t >= a */
    size_t mid = (i + j) / 2;
    if (f->t[mid] < a)
      i = mid + 1;
    else
      j = mid;
  }
  /* the segments entering and leaving the window, interpolated at its ends */
  for (size_t k = i > 0 ? i - 1 : 0; k + 1 < f->n_rows && f->t[k] <= b; k++) {
    double t0 = f->t[k], t1 = f->t[k + 1];
    double v0 = ss_trace_at(f, k, c), v1 = ss_trace_at(f, k + 1, c);
    if (isnan(v0) || isnan(v1) || t1 < a)
      continue;
    double s0 = t1 > t0 ? fmax(0.0, (a - t0) / (t1 - t0)) : 0.0;
    double s1 = t1 > t0 ? fmin(1.0, (b - t0) / (t1 - t0)) : 1.0;
    double w0 = v0 + s0 * (v1 - v0), w1 = v0 + s1 * (v1 - v0);
    *lo = fmin(*lo, fmin(w0, w1));
    *hi = fmax(*hi, fmax(w0, w1));
  }
}

/* Largest distance of a preview value from the final curve, as a share of
 * the column's range, over all columns; *worst names the column. */
static double worst_share(const ss_model *m, const ss_trace *f, const ss_trace *p, double t_end,
                          const char **worst, double *worst_t)
{
  double share = 0.0;
  double dt = TIME_SHARE * t_end;
  for (int c = 0; c < f->n_columns; c++) {
    double lo = INFINITY, hi = -INFINITY;
    /* when a creeping contact starts to stick is ill-conditioned (its speed
     * nears zero tangentially: the final run itself moves it by tens of ms
     * between rtol 1e-8 and 1e-6); its speed, in the velocity columns, is
     * the curve that shows and is compared */
    if (ss_model_column(m, c)->kind == SS_COL_STICK)
      continue;
    /* the integrator's own residual: a looser tolerance shows in it by design */
    if (strcmp(ss_model_column(m, c)->name, "constraint.error") == 0)
      continue;
    for (size_t r = 0; r < f->n_rows; r++) {
      double v = ss_trace_at(f, r, c);
      if (!isnan(v)) {
        lo = fmin(lo, v);
        hi = fmax(hi, v);
      }
    }
    double range = hi - lo;
    if (!(range > 0.0) || !isfinite(range))
      continue;
    /* a column that is flat but for rounding has no curve to stray from */
    if (range <= 1e-9 * fmax(fabs(lo), fabs(hi)))
      continue;
    for (size_t r = 0; r < p->n_rows; r++) {
      double v = ss_trace_at(p, r, c), a, b;
      if (isnan(v))
        continue;
      final_span(f, c, p->t[r] - dt, p->t[r] + dt, &a, &b);
      if (!(a <= b))
        continue;
      double d = v < a ? a - v : v > b ? v - b : 0.0;
      if (d / range > share) {
        share = d / range;
        *worst = ss_model_column(m, c)->name;
        *worst_t = p->t[r];
      }
    }
  }
  return share;
}

typedef struct {
  const char *scenario;
  const char *sets[3];
  double t_end; /* s, 0: the scenario's */
} Case;

static void check_case(const Case *k, double max_share)
{
  ss_model *m = make_model(k->scenario, k->sets);
  ss_run_opts in = {.t_end = k->t_end}, final_opts;
  char *err = NULL;
  if (!ss_run_opts_resolve(m, &in, &final_opts, &err))
    g_error("%s: %s", k->scenario, err);
  ss_run_opts preview_opts = ss_run_opts_preview(&final_opts);
  g_assert_cmpfloat(preview_opts.t_end, ==, final_opts.t_end);
  g_assert_cmpfloat(preview_opts.rtol, >=, final_opts.rtol);
  g_assert_cmpfloat(preview_opts.dt_out, >=, final_opts.dt_out);
  /* still finer than a chart's pixels */
  g_assert_cmpuint(ss_run_grid_rows(&preview_opts), >=,
                   MIN(ss_run_grid_rows(&final_opts), (size_t)SS_PREVIEW_ROWS));
  /* the final run on a grid a hundred times finer than the preview's: another
   * grid samples the same solution elsewhere (a LuGre force's millisecond
   * transient in one grid's rows, between the other's), so each preview
   * value is compared with the final curve around its time; the grid is the
   * chart's resolution, asserted above, the tolerances are compared here */
  ss_run_opts on_grid = final_opts;
  on_grid.dt_out = fmin(final_opts.dt_out, preview_opts.dt_out / 100);
  ss_trace *f = ss_run_rows(m, &on_grid, &err);
  if (!f)
    g_error("%s final: %s", k->scenario, err);
  ss_trace *p = ss_run_rows(m, &preview_opts, &err);
  if (!p)
    g_error("%s preview: %s", k->scenario, err);
  const char *worst = "-";
  double worst_t = 0.0;
  double share = worst_share(m, f, p, final_opts.t_end, &worst, &worst_t);
  g_test_message("%s %s %s: rtol %g atol %g dt_out %g, %zu rows against %zu, %ld steps against "
                 "%ld; worst %s %.3g %% of its range at t = %g s",
                 k->scenario, k->sets[0] ? k->sets[0] : "", k->sets[1] ? k->sets[1] : "",
                 preview_opts.rtol, preview_opts.atol, preview_opts.dt_out, p->n_rows, f->n_rows,
                 (long)p->stats.steps, (long)f->stats.steps, worst, 100.0 * share, worst_t);
  if (share > max_share)
    g_error("%s %s: the preview's %s strays %.3g %% of its range from the final run's", k->scenario,
            k->sets[0] ? k->sets[0] : "", worst, 100.0 * share);
  ss_trace_free(f);
  ss_trace_free(p);
  ss_model_free(m);
}

/* Every scenario's defaults. */
static void test_scenarios(void)
{
  for (int i = 0; i < ss_scenario_count(); i++) {
    Case k = {.scenario = ss_scenario_get(i)->name};
    check_case(&k, MAX_SHARE);
  }
}

/* The heavy variants, where a preview saves the most. */
static void test_heavy(void)
{
  static const Case cases[] = {
      {"gear-train", {"law=lugre", NULL}, 0},
      {"one-mass", {"law=lugre", NULL}, 30},
      {"two-slider", {"rod=flexible", "law=lugre", NULL}, 0},
  };
  for (size_t i = 0; i < G_N_ELEMENTS(cases); i++)
    check_case(&cases[i], MAX_SHARE);
}

/* The options themselves: defaults filled, looser only where finer. */
static void test_options(void)
{
  ss_run_opts fin = {.t_end = 10, .dt_out = 1e-3};
  ss_run_opts p = ss_run_opts_preview(&fin);
  g_assert_cmpfloat(p.rtol, ==, SS_PREVIEW_RTOL);
  g_assert_cmpfloat_with_epsilon(p.atol, 1e-10 * SS_PREVIEW_RTOL / 1e-8, 1e-9 * p.atol);
  g_assert_cmpfloat(p.dt_out, ==, 10 / SS_PREVIEW_ROWS);
  g_assert_cmpint(p.max_events, ==, SS_PREVIEW_MAX_EVENTS);
  /* already looser than a preview: kept */
  fin = (ss_run_opts){.t_end = 1, .dt_out = 0.01, .rtol = 1e-3, .atol = 1e-4, .max_events = 50};
  p = ss_run_opts_preview(&fin);
  g_assert_cmpfloat(p.rtol, ==, 1e-3);
  g_assert_cmpfloat(p.atol, ==, 1e-4);
  g_assert_cmpfloat(p.dt_out, ==, 0.01);
  g_assert_cmpint(p.max_events, ==, 50);
}

int main(int argc, char **argv)
{
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/preview/options", test_options);
  g_test_add_func("/preview/scenarios", test_scenarios);
  g_test_add_func("/preview/heavy", test_heavy);
  return g_test_run();
}
