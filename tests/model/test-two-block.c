/* test-two-block.c - two masses, three frictional contacts ([Zardecki2007]
 * §4): the exact Gauss minimiser against a brute-force active-set
 * enumeration and against the paper's printed one, the five velocity cases,
 * exact stiction, random mechanisms. */
#include "test-util.h"

#include "gauss-hexagon.h"
#include "ss-internal.h"

/* ---- brute force ------------------------------------------------------ */

/* Gauss problem of the contacts with zero relative velocity (zero[c]):
 * minimise sum_i (G_i - (A s)_i)² / M_i over |s_c| <= L_c, where s_c acts on
 * block 1 with weight A[0][c], block 2 with A[1][c].  Enumerates every active
 * set (each variable at -L, at +L or free) whose free columns are linearly
 * independent: the optimal face always has such an extreme point.  Returns
 * the accelerations of the minimiser. */
static const double A_col[3][2] = {{1, 0}, {0, 1}, {1, -1}}; /* contacts 10, 20, 12 */

static void brute_gauss(const double *M, const double *G, const double *L, const bool *zero,
                        double *a_out)
{
  int idx[3], n = 0;
  for (int c = 0; c < 3; c++)
    if (zero[c])
      idx[n++] = c;
  int combos = 1;
  for (int i = 0; i < n; i++)
    combos *= 3;
  double best = INFINITY;
  for (int code = 0; code < combos; code++) {
    int state[3], k = code, nfree = 0, freec[3];
    double b[2] = {G[0], G[1]};
    for (int i = 0; i < n; i++, k /= 3) {
      state[i] = k % 3 - 1; /* -1: at -L, +1: at +L, 0: free */
      int c = idx[i];
      if (state[i] == 0) {
        freec[nfree++] = c;
      } else {
        b[0] -= A_col[c][0] * state[i] * L[c];
        b[1] -= A_col[c][1] * state[i] * L[c];
      }
    }
    if (nfree > 2)
      continue; /* three columns in 2-D are dependent */
    double s[2] = {0, 0};
    if (nfree == 1) {
      const double *a = A_col[freec[0]];
      s[0] = (a[0] * b[0] / M[0] + a[1] * b[1] / M[1]) / (a[0] * a[0] / M[0] + a[1] * a[1] / M[1]);
    } else if (nfree == 2) { /* square and invertible: exact solve (Cramer) */
      const double *p = A_col[freec[0]], *q = A_col[freec[1]];
      double det = p[0] * q[1] - q[0] * p[1];
      s[0] = (b[0] * q[1] - q[0] * b[1]) / det;
      s[1] = (p[0] * b[1] - b[0] * p[1]) / det;
    }
    bool feasible = true;
    for (int j = 0; j < nfree; j++)
      if (fabs(s[j]) > L[freec[j]] * (1 + 1e-12) + 1e-300)
        feasible = false;
    if (!feasible)
      continue;
    double r0 = b[0], r1 = b[1];
    for (int j = 0; j < nfree; j++) {
      r0 -= A_col[freec[j]][0] * s[j];
      r1 -= A_col[freec[j]][1] * s[j];
    }
    double q = r0 * r0 / M[0] + r1 * r1 / M[1];
    if (q < best) {
      best = q;
      a_out[0] = r0 / M[0];
      a_out[1] = r1 / M[1];
    }
  }
  g_assert_true(isfinite(best));
}

static void assert_accel(const double *got, const double *want, double scale, const char *what,
                         int i)
{
  for (int k = 0; k < 2; k++)
    if (!(fabs(got[k] - want[k]) <= 1e-9 * scale))
      g_error("%s, state %d: a%d = %.15g, brute force %.15g", what, i, k + 1, got[k], want[k]);
}

/* ---- the closed form alone -------------------------------------------- */

static void test_hexagon_vs_brute_force(void)
{
  int counts[4] = {0}; /* stuck contacts 0..3 among the states: all regions visited */
  for (int i = 0; i < 5000; i++) {
    double M[2] = {g_test_rand_double_range(0.1, 10), g_test_rand_double_range(0.1, 10)};
    double L[3];
    for (int c = 0; c < 3; c++)
      L[c] = g_test_rand_int_range(0, 10) == 0 ? 0.0 : g_test_rand_double_range(0.0, 5.0);
    double G[2] = {g_test_rand_double_range(-20, 20), g_test_rand_double_range(-20, 20)};
    tb_hexagon h;
    tb_gauss_hexagon(M[0], M[1], G[0], G[1], L[0], L[1], L[2], &h);
    double want[2];
    const bool all[3] = {true, true, true};
    brute_gauss(M, G, L, all, want);
    double got[2] = {h.a1, h.a2};
    double scale = 1.0 + fabs(G[0]) / M[0] + fabs(G[1]) / M[1];
    assert_accel(got, want, scale, "hexagon", i);
    /* resultants reproduce the accelerations and lie in the hexagon */
    g_assert_cmpfloat(fabs(G[0] - h.r1 - M[0] * h.a1), <=, 1e-12 * (1 + fabs(G[0])) * 10);
    g_assert_cmpfloat(fabs(h.r1), <=, (L[0] + L[2]) * (1 + 1e-12));
    g_assert_cmpfloat(fabs(h.r2), <=, (L[1] + L[2]) * (1 + 1e-12));
    g_assert_cmpfloat(fabs(h.r1 + h.r2), <=, (L[0] + L[1]) * (1 + 1e-12) + 1e-12);
    /* modes: a holding contact has exactly zero relative acceleration, a
     * breaking one accelerates in the direction it breaks */
    double rel[3] = {h.a1, h.a2, h.a1 - h.a2};
    int n_stuck = 0;
    for (int c = 0; c < 3; c++) {
      if (h.modes[c] == SS_MODE_STICK) {
        g_assert_cmpfloat(rel[c], ==, 0.0);
        n_stuck++;
      } else {
        if (!(h.modes[c] * rel[c] >= 0.0))
          g_error("state %d contact %d: mode %d, relative acceleration %g (M %g %g, G %g %g, "
                  "L %g %g %g)",
                  i, c, h.modes[c], rel[c], M[0], M[1], G[0], G[1], L[0], L[1], L[2]);
      }
    }
    g_assert_cmpint(n_stuck, !=, 2);
    counts[n_stuck]++;
  }
  for (int k = 0; k < 4; k++)
    if (k != 2)
      g_assert_cmpint(counts[k], >, 100);
}

/* The printed eq. 4.9-4.10 are not the minimiser.  M1 = M2 = 1, F1 = F2 =
 * 5, all static levels 1: they give luz(5, 2) = 3 for both; the exact
 * minimum is 4 and 4 (the blocks move together: the base contacts slide,
 * 12 holds). */
static void test_e1_example(void)
{
  tb_hexagon h;
  tb_gauss_hexagon(1, 1, 5, 5, 1, 1, 1, &h);
  g_assert_cmpfloat(fabs(ss_luz(5, 2) - 3.0), <, 1e-15); /* what the paper prints */
  g_assert_cmpfloat(fabs(h.a1 - 4.0), <, 1e-12);
  g_assert_cmpfloat(fabs(h.a2 - 4.0), <, 1e-12);
  g_assert_cmpint(h.modes[TB_12], ==, SS_MODE_STICK);
  g_assert_cmpint(h.modes[TB_10], ==, SS_MODE_SLIDE_POS);
  g_assert_cmpint(h.modes[TB_20], ==, SS_MODE_SLIDE_POS);

  /* the same through the scenario: N = 1 kg * 10 m/s² and mu = 0.1 give
   * levels of 1 N; the run starts at rest with constant forces 5 N */
  const char *sets[] = {"M1=1",       "M2=1",       "g=10",       "clamp=10",   "mu_s10=0.1",
                        "mu_k10=0.1", "mu_s20=0.1", "mu_k20=0.1", "mu_s12=0.1", "mu_k12=0.1",
                        "c10=0",      "c20=0",      "c12=0",      "F1_bias=5",  "F1_amp=0",
                        "F2_bias=5",  "F2_amp=0",   NULL};
  ss_model *m = NULL;
  ss_trace *tr = run_scenario("two-block", sets, 1.0, 0.1, &m);
  int iv1 = column(m, "v1"), iv2 = column(m, "v2"), ia1 = column(m, "a1"),
      icase = column(m, "case");
  size_t last = tr->n_rows - 1;
  g_assert_cmpfloat(fabs(tr->t[last] - 1.0), <, 1e-12);
  g_assert_cmpfloat(fabs(ss_trace_at(tr, last, iv1) - 4.0), <, 1e-7);
  g_assert_cmpfloat(fabs(ss_trace_at(tr, last, iv2) - 4.0), <, 1e-7);
  g_assert_cmpfloat(fabs(ss_trace_at(tr, 0, ia1) - 4.0), <, 1e-12);
  g_assert_cmpfloat(ss_trace_at(tr, last, icase), ==, 2.0);
  ss_trace_free(tr);
  ss_model_free(m);
}

/* ---- through the scenario's mode resolution ---------------------------- */

static ss_model *model_with(const char *const *names, const double *vals, int n)
{
  const ss_scenario *sc = ss_scenario_find("two-block");
  g_assert_nonnull(sc);
  double *values = g_new(double, sc->n_params);
  ss_scenario_defaults(sc, values);
  char *err = NULL;
  for (int i = 0; i < n; i++) {
    int k = ss_scenario_param_index(sc, names[i]);
    g_assert_cmpint(k, >=, 0);
    if (!ss_param_check(&sc->params[k], vals[i], &err))
      g_error("%s", err);
    values[k] = vals[i];
  }
  ss_model *m = sc->create(sc, values, &err);
  if (!m)
    g_error("%s", err);
  g_free(values);
  return m;
}

/* Random states at t = 0 (constant forces, random velocities with some
 * relative velocities zero): with equal static and kinetic levels the
 * Gauss principle fixes the accelerations uniquely, so the resolved modes
 * and the right-hand side must reproduce the brute-force minimiser.  With
 * kinetic < static the resolved modes must be consistent. */
static void check_random_resolve(bool equal_levels, int n_states)
{
  static const char *const names[] = {
      "M1",  "M2",  "g",   "clamp",   "mu_s10", "mu_k10",  "mu_s20", "mu_k20", "mu_s12", "mu_k12",
      "c10", "c20", "c12", "F1_bias", "F1_amp", "F2_bias", "F2_amp", "v1_0",   "v2_0"};
  int patterns[6] = {0};
  for (int i = 0; i < n_states; i++) {
    double M1 = g_test_rand_double_range(0.2, 5), M2 = g_test_rand_double_range(0.2, 5);
    double g = 9.81, clamp = g_test_rand_double_range(0, 30);
    double mu_s[3], mu_k[3], C[3];
    for (int c = 0; c < 3; c++) {
      mu_s[c] = g_test_rand_double_range(0.05, 1.0);
      mu_k[c] = equal_levels ? mu_s[c] : mu_s[c] * g_test_rand_double_range(0.2, 1.0);
      C[c] = g_test_rand_double_range(0, 2);
    }
    double F1 = g_test_rand_double_range(-40, 40), F2 = g_test_rand_double_range(-40, 40);
    int pattern = i % 6; /* 0, 1: all zero; 2: v1 = 0; 3: v2 = 0; 4: v1 = v2; 5: none */
    double v1 = g_test_rand_double_range(-2, 2), v2 = g_test_rand_double_range(-2, 2);
    if (pattern <= 1)
      v1 = v2 = 0;
    else if (pattern == 2)
      v1 = 0;
    else if (pattern == 3)
      v2 = 0;
    else if (pattern == 4)
      v2 = v1;
    double vals[] = {M1,   M2,   g,    clamp, mu_s[0], mu_k[0], mu_s[1], mu_k[1], mu_s[2], mu_k[2],
                     C[0], C[1], C[2], F1,    0.0,     F2,      0.0,     v1,      v2};
    ss_model *m = model_with(names, vals, (int)G_N_ELEMENTS(names));
    double x[16], xdot[16], vrel[3], margin[3];
    int modes[3] = {SS_MODE_STICK, SS_MODE_STICK, SS_MODE_STICK};
    m->ops->initial(m, x);
    g_assert_cmpint(m->ops->resolve(m, 0.0, x, modes, NULL), ==, 0);
    g_assert_cmpint(m->ops->rhs(m, 0.0, x, modes, xdot), ==, 0);
    m->ops->contacts(m, 0.0, x, modes, vrel, margin, NULL);
    double a[2] = {xdot[2], xdot[3]}; /* z1, z2, v1, v2, ... */
    double rel_a[3] = {a[0], a[1], a[0] - a[1]};
    bool zero[3] = {v1 == 0, v2 == 0, v1 == v2};
    int n_stuck = 0;
    for (int c = 0; c < 3; c++) {
      if (modes[c] == SS_MODE_STICK) {
        g_assert_true(zero[c]);
        g_assert_cmpfloat(vrel[c], ==, 0.0);
        g_assert_cmpfloat(rel_a[c], ==, 0.0);
        g_assert_cmpfloat(margin[c], >, 0.0);
        n_stuck++;
      } else if (zero[c]) {
        g_assert_cmpfloat(modes[c] * rel_a[c], >, 0.0);
      } else {
        g_assert_cmpint(modes[c], ==, vrel[c] > 0 ? 1 : -1);
      }
    }
    g_assert_cmpint(n_stuck, !=, 2);
    patterns[pattern] += n_stuck > 0;
    if (equal_levels) {
      /* known forces of the sliding contacts, then the Gauss problem */
      double N[3] = {M1 * g, M2 * g, clamp}, v[3] = {v1, v2, v1 - v2};
      double G[2] = {F1, F2}, L[3], Mv[2] = {M1, M2};
      for (int c = 0; c < 3; c++) {
        L[c] = mu_s[c] * N[c];
        if (!zero[c]) {
          double f = (v[c] > 0 ? 1 : -1) * mu_k[c] * N[c] + C[c] * v[c];
          G[0] -= A_col[c][0] * f;
          G[1] -= A_col[c][1] * f;
        }
      }
      double want[2];
      brute_gauss(Mv, G, L, zero, want);
      assert_accel(a, want, 1.0 + (fabs(G[0]) / M1 + fabs(G[1]) / M2), "resolve", i);
    }
    ss_model_free(m);
  }
  /* stiction happened in every velocity pattern that allows it */
  for (int p = 0; p < 5; p++)
    g_assert_cmpint(patterns[p], >, n_states / 60);
}

static void test_resolve_equal_levels(void) { check_random_resolve(true, 3000); }

static void test_resolve_kinetic_below_static(void) { check_random_resolve(false, 3000); }

/* ---- the default run ---------------------------------------------------- */

typedef struct default_run {
  ss_model *m;
  ss_trace *tr;
} default_run;

static default_run run_default(void)
{
  default_run d = {0};
  d.tr = run_scenario("two-block", NULL, 0, 0, &d.m);
  return d;
}

static void test_five_cases(void)
{
  default_run d = run_default();
  int icase = column(d.m, "case");
  int ist[3] = {column(d.m, "10.stick"), column(d.m, "20.stick"), column(d.m, "12.stick")};
  int rows[6] = {0};
  for (size_t r = 0; r < d.tr->n_rows; r++) {
    double k = ss_trace_at(d.tr, r, icase);
    g_assert_cmpfloat(k, >=, 1);
    g_assert_cmpfloat(k, <=, 5);
    rows[(int)k]++;
    /* the case matches the stuck contacts */
    int s10 = (int)ss_trace_at(d.tr, r, ist[0]), s20 = (int)ss_trace_at(d.tr, r, ist[1]),
        s12 = (int)ss_trace_at(d.tr, r, ist[2]);
    int want = s10 && s20 && s12 ? 5 : s12 ? 2 : s10 ? 3 : s20 ? 4 : 1;
    g_assert_cmpint(s10 + s20 + s12, !=, 2);
    g_assert_cmpint((int)k, ==, want);
  }
  for (int k = 1; k <= 5; k++) {
    if (rows[k] < 3)
      g_error("default run: case %d on %d output rows (need >= 3)", k, rows[k]);
  }
  g_assert_cmpint((int)d.tr->stats.events, >=, 8);
  ss_trace_free(d.tr);
  ss_model_free(d.m);
}

/* Stuck velocities are exactly zero; statics indeterminate only in total
 * stiction, where the determinate sums equal the loads (a = 0). */
static void test_stiction_exact(void)
{
  default_run d = run_default();
  const ss_model *m = d.m;
  int iv1 = column(m, "v1"), iv2 = column(m, "v2"), icase = column(m, "case");
  int ist[3] = {column(m, "10.stick"), column(m, "20.stick"), column(m, "12.stick")};
  int iF[3] = {column(m, "10.F"), column(m, "20.F"), column(m, "12.F")};
  int is1 = column(m, "sum.10+12"), is2 = column(m, "sum.20-12"), iF1 = column(m, "F1"),
      iF2 = column(m, "F2");
  int stuck_rows = 0;
  for (size_t r = 0; r < d.tr->n_rows; r++) {
    double v1 = ss_trace_at(d.tr, r, iv1), v2 = ss_trace_at(d.tr, r, iv2);
    if (ss_trace_at(d.tr, r, ist[0]) == 1.0) {
      g_assert_cmpfloat(v1, ==, 0.0);
      stuck_rows++;
    }
    if (ss_trace_at(d.tr, r, ist[1]) == 1.0)
      g_assert_cmpfloat(v2, ==, 0.0);
    if (ss_trace_at(d.tr, r, ist[2]) == 1.0)
      g_assert_cmpfloat(v1, ==, v2);
    bool total = ss_trace_at(d.tr, r, icase) == 5.0;
    for (int c = 0; c < 3; c++)
      g_assert_cmpint(isnan(ss_trace_at(d.tr, r, iF[c])), ==, total);
    double s1 = ss_trace_at(d.tr, r, is1), s2 = ss_trace_at(d.tr, r, is2);
    g_assert_true(isfinite(s1) && isfinite(s2));
    if (total) { /* at rest: the friction resultants balance the loads */
      g_assert_cmpfloat(s1, ==, -ss_trace_at(d.tr, r, iF1));
      g_assert_cmpfloat(s2, ==, -ss_trace_at(d.tr, r, iF2));
    } else {
      double f10 = ss_trace_at(d.tr, r, iF[0]), f20 = ss_trace_at(d.tr, r, iF[1]),
             f12 = ss_trace_at(d.tr, r, iF[2]);
      g_assert_cmpfloat(fabs(s1 - (f10 + f12)), <=, 1e-9 * (1 + fabs(s1)));
      g_assert_cmpfloat(fabs(s2 - (f20 - f12)), <=, 1e-9 * (1 + fabs(s2)));
    }
  }
  g_assert_cmpint(stuck_rows, >, 10);
  ss_trace_free(d.tr);
  ss_model_free(d.m);
}

/* A stuck block stays exactly where it is over a long hold. */
static void test_no_drift(void)
{
  const char *sets[] = {"F1_bias=1", "F1_amp=1", "F2_bias=-2", "F2_amp=3", NULL};
  ss_model *m = NULL;
  ss_trace *tr = run_scenario("two-block", sets, 1000.0, 1.0, &m);
  int iz1 = column(m, "z1"), iz2 = column(m, "z2"), icase = column(m, "case");
  for (size_t r = 0; r < tr->n_rows; r++) {
    g_assert_cmpfloat(ss_trace_at(tr, r, iz1), ==, 0.0);
    g_assert_cmpfloat(ss_trace_at(tr, r, iz2), ==, 0.0);
    g_assert_cmpfloat(ss_trace_at(tr, r, icase), ==, 5.0);
  }
  g_assert_cmpint((int)tr->stats.events, ==, 0);
  ss_trace_free(tr);
  ss_model_free(m);
}

/* Random mechanisms and loads (zero levels, equal static and kinetic
 * levels, moving starts): every run completes, balances its energy (to
 * 1e-6) and keeps stuck velocities exact. */
static void test_random_runs(void)
{
  const ss_scenario *sc = ss_scenario_find("two-block");
  for (int run = 0; run < 60; run++) {
    GPtrArray *sets = g_ptr_array_new_with_free_func(g_free);
    g_ptr_array_add(sets, g_strdup_printf("M1=%.17g", g_test_rand_double_range(0.1, 5)));
    g_ptr_array_add(sets, g_strdup_printf("M2=%.17g", g_test_rand_double_range(0.1, 5)));
    g_ptr_array_add(
        sets, g_strdup_printf("clamp=%.17g", run % 5 ? g_test_rand_double_range(0, 50) : 0.0));
    static const char *const cn[3] = {"10", "20", "12"};
    for (int c = 0; c < 3; c++) {
      double ms = g_test_rand_int_range(0, 6) ? g_test_rand_double_range(0, 1) : 0.0;
      double mk = g_test_rand_int_range(0, 2) ? ms : ms * g_test_rand_double_range(0, 1);
      double cv = g_test_rand_int_range(0, 2) ? g_test_rand_double_range(0, 3) : 0.0;
      g_ptr_array_add(sets, g_strdup_printf("mu_s%s=%.17g", cn[c], ms));
      g_ptr_array_add(sets, g_strdup_printf("mu_k%s=%.17g", cn[c], mk));
      g_ptr_array_add(sets, g_strdup_printf("c%s=%.17g", cn[c], cv));
    }
    for (int i = 1; i <= 2; i++) {
      g_ptr_array_add(sets, g_strdup_printf("F%d_bias=%.17g", i, g_test_rand_double_range(-5, 5)));
      g_ptr_array_add(sets, g_strdup_printf("F%d_amp=%.17g", i, g_test_rand_double_range(0, 40)));
      g_ptr_array_add(sets, g_strdup_printf("F%d_omega=%.17g", i, g_test_rand_double_range(0, 5)));
      g_ptr_array_add(sets, g_strdup_printf("F%d_phase=%.17g", i, g_test_rand_double_range(-3, 3)));
      g_ptr_array_add(
          sets,
          g_strdup_printf("v%d_0=%.17g", i,
                          g_test_rand_int_range(0, 2) ? 0.0 : g_test_rand_double_range(-2, 2)));
    }
    char *err = NULL;
    ss_model *m =
        ss_model_new_from_assignments(sc, (const char *const *)sets->pdata, (int)sets->len, &err);
    if (!m)
      g_error("run %d: %s", run, err);
    ss_run_opts opts = {0};
    ss_trace *tr = ss_run(m, &opts, &err);
    if (!tr) {
      GString *all = g_string_new(NULL);
      for (guint i = 0; i < sets->len; i++)
        g_string_append_printf(all, " --set %s", (const char *)sets->pdata[i]);
      g_error("run %d failed: %s (%s)", run, err, all->str);
    }
    g_autofree char *label = g_strdup_printf("random run %d", run);
    assert_energy_balance(m, tr, 1e-6, label);
    int iv1 = column(m, "v1"), iv2 = column(m, "v2");
    int ist[3] = {column(m, "10.stick"), column(m, "20.stick"), column(m, "12.stick")};
    for (size_t r = 0; r < tr->n_rows; r++) {
      double v1 = ss_trace_at(tr, r, iv1), v2 = ss_trace_at(tr, r, iv2);
      if (ss_trace_at(tr, r, ist[0]) == 1.0)
        g_assert_cmpfloat(v1, ==, 0.0);
      if (ss_trace_at(tr, r, ist[1]) == 1.0)
        g_assert_cmpfloat(v2, ==, 0.0);
      if (ss_trace_at(tr, r, ist[2]) == 1.0)
        g_assert_cmpfloat(v1, ==, v2);
    }
    ss_trace_free(tr);
    ss_model_free(m);
    g_ptr_array_unref(sets);
  }
}

/* Without any friction (all levels and viscous coefficients zero) the
 * blocks follow their loads: v_i = F_i_amp (cos phi_i - cos(omega_i t +
 * phi_i)) / (M_i omega_i) + F_i_bias t / M_i.  No contact may stick, not even
 * block 2, which starts without load and without static level. */
static void test_frictionless(void)
{
  const char *sets[] = {"mu_s10=0", "mu_k10=0", "mu_s20=0", "mu_k20=0",    "mu_s12=0", "mu_k12=0",
                        "c10=0",    "c20=0",    "c12=0",    "F1_bias=0.5", NULL};
  ss_model *m = NULL;
  ss_trace *tr = run_scenario("two-block", sets, 0, 0, &m);
  const double *val = ss_model_values(m);
  const ss_scenario *sc = ss_model_scenario(m);
  int iv[2] = {column(m, "v1"), column(m, "v2")}, icase = column(m, "case");
  for (size_t r = 0; r < tr->n_rows; r++) {
    double t = tr->t[r];
    for (int i = 0; i < 2; i++) {
      char name[32];
      snprintf(name, sizeof name, "M%d", i + 1);
      double M = ss_value(sc, val, name);
      snprintf(name, sizeof name, "F%d_amp", i + 1);
      double A = ss_value(sc, val, name);
      snprintf(name, sizeof name, "F%d_omega", i + 1);
      double w = ss_value(sc, val, name);
      snprintf(name, sizeof name, "F%d_phase", i + 1);
      double ph = ss_value(sc, val, name);
      snprintf(name, sizeof name, "F%d_bias", i + 1);
      double B = ss_value(sc, val, name);
      double want = A * (cos(ph) - cos(w * t + ph)) / (M * w) + B * t / M;
      if (!(fabs(ss_trace_at(tr, r, iv[i]) - want) <= 1e-6 * (1 + fabs(want))))
        g_error("t = %g: v%d = %.12g, closed form %.12g", t, i + 1, ss_trace_at(tr, r, iv[i]),
                want);
    }
    if (r > 0)
      g_assert_cmpfloat(ss_trace_at(tr, r, icase), ==, 1.0);
  }
  ss_trace_free(tr);
  ss_model_free(m);
}

/* The cross-parameter check (ranges: test-contract). */
static void test_bad_input(void)
{
  const ss_scenario *sc = ss_scenario_find("two-block");
  const char *sets[] = {"mu_s12=0.2", "mu_k12=0.3"};
  char *err = NULL;
  ss_model *m = ss_model_new_from_assignments(sc, sets, 2, &err);
  g_assert_null(m);
  g_assert_nonnull(err);
  g_assert_nonnull(strstr(err, "mu_k12"));
  g_assert_nonnull(strstr(err, "mu_s12"));
  free(err);
}

/* F2_omega = 1e4 rad/s (period 0.63 ms): block 2 sticks while block 1
 * slides.  Its margin follows F2 explicitly, which the error test never
 * sees (block 2 is frozen, block 1 slides on smoothly), and the stuck-step
 * cap held only while every contact stuck: steps of milliseconds stepped
 * over the dips and contact 20 stayed stuck at up to 2.5 mu_s N. */
static void test_fast_load_partly_stuck(void)
{
  const char *sets[] = {"F2_omega=1e4", NULL};
  ss_model *m = NULL;
  ss_trace *tr = run_scenario("two-block", sets, 5.0, 0.01, &m);
  assert_stuck_within(m, tr, "20", 0.3, 1e-6, 1e-9, true); /* NaN: undetermined */
  ss_trace_free(tr);
  ss_model_free(m);
}

/* Both blocks, glued by contact 12, slide on the base (contacts 10 and 20,
 * "sliding +"); at 3.35 s their common speed is 2.4e-4 m/s and falling at
 * 0.15 m/s², it dips to -1.5e-3 m/s and comes back above zero by 3.41 s.
 * Sliding steps are 50 ms here, so one step spanned the whole dip, and the
 * root functions, seen only at the steps' ends, never fell through zero: no
 * event, friction pushing along the motion, dissipated energy falling by
 * 1e-4 J.  The contacts must stop at the first zero of the speed. */
static void test_speed_dip(void)
{
  const char *sets[] = {"M1=2.2315273641528317",
                        "M2=3.5246701913660554",
                        "clamp=43.849850321235387",
                        "mu_s10=0.79657379380105886",
                        "mu_k10=0.79657379380105886",
                        "c10=0",
                        "mu_s20=0.51334723434839236",
                        "mu_k20=0.49206926728310507",
                        "c20=0.62367745954268117",
                        "mu_s12=0.97938851062468357",
                        "mu_k12=0.7752989086198494",
                        "c12=0",
                        "F1_bias=1.3436963734840681",
                        "F1_amp=33.586921550426965",
                        "F1_omega=0.32182977346425667",
                        "F1_phase=0.88175374432095976",
                        "v1_0=0",
                        "F2_bias=0.71339553141724643",
                        "F2_amp=10.832445504894075",
                        "F2_omega=2.7647434527353965",
                        "F2_phase=-2.9227123394425609",
                        "v2_0=0",
                        NULL};
  ss_model *m = NULL;
  ss_trace *tr = run_scenario("two-block", sets, 5.0, 1e-3, &m);
  assert_dissipation_rises(m, tr, 1e-9, "speed dip");
  static const char *const names[3] = {"10", "20", "12"};
  for (int c = 0; c < 3; c++)
    assert_friction_opposes_motion(m, tr, names[c], 1e-9, "speed dip");
  int iv1 = column(m, "v1");
  double t_zero = NAN; /* the speed's first zero after 3.34 s, between two rows */
  for (size_t r = 1; r < tr->n_rows && isnan(t_zero); r++)
    if (tr->t[r - 1] >= 3.34 && ss_trace_at(tr, r - 1, iv1) > 0.0 &&
        !(ss_trace_at(tr, r, iv1) > 0.0))
      t_zero = tr->t[r];
  g_assert_cmpfloat(t_zero, >, 3.35);
  g_assert_cmpfloat(t_zero, <, 3.36);
  for (int c = 0; c < 2; c++) { /* 10 and 20 stop there (stick or reverse) */
    int src = contact_source(m, names[c]);
    bool stopped = false;
    for (size_t e = 0; e < tr->n_events; e++)
      stopped |= tr->events[e].source == src && tr->events[e].kind != SS_EVENT_SLIP &&
                 tr->events[e].t > t_zero - 1e-3 && tr->events[e].t <= t_zero;
    if (!stopped)
      g_error("contact %s: no stop between %.3f and %.3f s", names[c], t_zero - 1e-3, t_zero);
  }
  ss_trace_free(tr);
  ss_model_free(m);
}

int main(int argc, char **argv)
{
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/two-block/hexagon-vs-brute-force", test_hexagon_vs_brute_force);
  g_test_add_func("/two-block/e1-example", test_e1_example);
  g_test_add_func("/two-block/resolve-equal-levels", test_resolve_equal_levels);
  g_test_add_func("/two-block/resolve-kinetic-below-static", test_resolve_kinetic_below_static);
  g_test_add_func("/two-block/five-cases", test_five_cases);
  g_test_add_func("/two-block/stiction-exact", test_stiction_exact);
  g_test_add_func("/two-block/no-drift", test_no_drift);
  g_test_add_func("/two-block/random-runs", test_random_runs);
  g_test_add_func("/two-block/frictionless", test_frictionless);
  g_test_add_func("/two-block/bad-input", test_bad_input);
  g_test_add_func("/two-block/fast-load-partly-stuck", test_fast_load_partly_stuck);
  g_test_add_func("/two-block/speed-dip", test_speed_dip);
  return g_test_run();
}
