/* test-algebra.c - luz/sat/tar identities ([Zardecki2006]) and parameter checks. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "stickslip.h"

#define N_RANDOM 20000

static double rnd(GRand *r, double lo, double hi) { return g_rand_double_range(r, lo, hi); }

/* luz and sat against their piecewise definitions. */
static void test_luz_sat_definitions(void)
{
  g_autoptr(GRand) r = g_rand_new_with_seed(1);
  for (int i = 0; i < N_RANDOM; i++) {
    double x = rnd(r, -10, 10), a = rnd(r, 0, 5);
    double luz_def = fabs(x) <= a ? 0.0 : (x > 0 ? x - a : x + a);
    double sat_def = fabs(x) <= a ? x : (x > 0 ? a : -a);
    g_assert_cmpfloat_with_epsilon(ss_luz(x, a), luz_def, 1e-12);
    if (fabs(x) <= a)
      g_assert_cmpfloat(ss_luz(x, a), ==, 0.0); /* nothing leaks through a freeplay */
    g_assert_cmpfloat_with_epsilon(ss_sat(x, a), sat_def, 1e-12);
    g_assert_cmpfloat_with_epsilon(ss_luz(x, a) + ss_sat(x, a), x, 1e-12);
    g_assert_cmpfloat(fabs(ss_sat(x, a)), <=, a + 1e-15);
  }
  g_assert_cmpfloat(ss_luz(0.5, 1.0), ==, 0.0);
  g_assert_cmpfloat(ss_luz(3.0, 1.0), ==, 2.0);
  g_assert_cmpfloat(ss_luz(-3.0, 1.0), ==, -2.0);
  g_assert_cmpfloat(ss_sat(-3.0, 1.0), ==, -1.0);
}

static void test_tar_identities(void)
{
  g_autoptr(GRand) r = g_rand_new_with_seed(2);
  for (int i = 0; i < N_RANDOM; i++) {
    double x = rnd(r, -10, 10), a1 = rnd(r, 0, 5), a2 = rnd(r, 0, 5);
    double k1 = rnd(r, 0.01, 10), k2 = rnd(r, 0.01, 10), s = rnd(r, -1, 1);
    /* odd symmetry (with the mirrored selection at zero) */
    g_assert_cmpfloat_with_epsilon(ss_tar(-x, a1, -s), -ss_tar(x, a1, s), 1e-12);
    /* parallel combination */
    double lhs = k1 * ss_tar(x, a1, s) + k2 * ss_tar(x, a2, s);
    double rhs = (k1 + k2) * ss_tar(x, (k1 * a1 + k2 * a2) / (k1 + k2), s);
    g_assert_cmpfloat_with_epsilon(lhs, rhs, 1e-9 * (1 + fabs(lhs)));
  }
  /* the set-valued part: at zero the selection decides, within [-a, a] */
  g_assert_cmpfloat(ss_tar(0.0, 2.0, 0.25), ==, 0.5);
  g_assert_cmpfloat(ss_tar(1.0, 2.0, 0.0), ==, 3.0);
  g_assert_cmpfloat(ss_tar(-1.0, 2.0, 0.0), ==, -3.0);
}

/* Deflection of a chain of springs with freeplay under force F, found by
 * bisection on each element's force law k*luz(d, d0) = F (brute force). */
static double element_deflection(double k, double d0, double F)
{
  double lo = -1e6, hi = 1e6;
  for (int it = 0; it < 200; it++) {
    double mid = 0.5 * (lo + hi);
    if (k * ss_luz(mid, d0) < F)
      lo = mid;
    else
      hi = mid;
  }
  return 0.5 * (lo + hi);
}

static void test_series_freeplay(void)
{
  g_autoptr(GRand) r = g_rand_new_with_seed(3);
  for (int i = 0; i < 500; i++) {
    double k[3], d0[3];
    double inv = 0, gap = 0;
    for (int j = 0; j < 3; j++) {
      k[j] = rnd(r, 1, 1000);
      d0[j] = rnd(r, 0, 0.01);
      inv += 1 / k[j];
      gap += d0[j];
    }
    double F = rnd(r, -50, 50);
    if (fabs(F) < 1e-3)
      continue;
    double total = 0; /* chain deflection = sum of element deflections */
    for (int j = 0; j < 3; j++)
      total += element_deflection(k[j], d0[j], F);
    /* the combined spring (series stiffness, summed freeplay) gives F back */
    double F_combined = ss_luz(total, gap) / inv;
    g_assert_cmpfloat_with_epsilon(F_combined, F, 1e-6 * (1 + fabs(F)));
  }
}

static void test_param_validation(void)
{
  const ss_scenario *sc = ss_scenario_find("one-mass");
  g_assert_nonnull(sc);
  double *values = g_new(double, sc->n_params);
  ss_scenario_defaults(sc, values);
  int ik = ss_scenario_param_index(sc, "k");
  g_assert_cmpint(ik, >=, 0);
  double before = values[ik];
  char *err = NULL;
  g_assert_false(ss_param_set_text(sc, values, "k", "-5", &err));
  g_assert_nonnull(strstr(err, "'k'"));
  g_assert_nonnull(strstr(err, "N/m"));
  g_assert_cmpfloat(values[ik], ==, before); /* previous value kept */
  g_assert_false(ss_param_set_text(sc, values, "k", "nan", &err));
  g_assert_false(ss_param_set_text(sc, values, "k", "inf", &err));
  g_assert_false(ss_param_set_text(sc, values, "k", "0", &err));
  g_assert_false(ss_param_set_text(sc, values, "M", "-1", &err));
  g_assert_false(ss_param_set_text(sc, values, "nosuch", "1", &err));
  g_assert_nonnull(strstr(err, "nosuch"));
  g_assert_true(ss_param_set_text(sc, values, "law", "lugre", &err));
  g_assert_cmpfloat(values[ss_scenario_param_index(sc, "law")], ==, 3.0);
  g_assert_false(ss_param_set_text(sc, values, "law", "magic", &err));
  g_assert_nonnull(strstr(err, "regularised"));
  g_assert_true(ss_param_set_assignment(sc, values, "k=250.5", &err));
  g_assert_cmpfloat(values[ik], ==, 250.5);
  /* cross-parameter check in create(): mu_k above mu_s is refused */
  g_assert_true(ss_param_set_text(sc, values, "mu_k", "0.9", &err));
  ss_model *m = sc->create(sc, values, &err);
  g_assert_null(m);
  g_assert_nonnull(strstr(err, "mu_k"));
  g_assert_nonnull(strstr(err, "mu_s"));
  free(err);
  g_free(values);
}

static void test_param_format_roundtrip(void)
{
  for (int s = 0; s < ss_scenario_count(); s++) {
    const ss_scenario *sc = ss_scenario_get(s);
    double *values = g_new(double, sc->n_params);
    ss_scenario_defaults(sc, values);
    for (int i = 0; i < sc->n_params; i++) {
      char buf[64];
      char *err = NULL;
      g_assert_true(ss_param_check(&sc->params[i], sc->params[i].def, &err));
      ss_param_format(&sc->params[i], values[i], buf, sizeof buf);
      double old = values[i];
      values[i] = -12345;
      g_assert_true(ss_param_set_text(sc, values, sc->params[i].name, buf, &err));
      g_assert_cmpfloat(values[i], ==, old);
    }
    /* defaults build a model */
    char *err = NULL;
    ss_model *m = sc->create(sc, values, &err);
    g_assert_nonnull(m);
    ss_model_free(m);
    g_free(values);
  }
}

/* Law parameters belong to the laws that read them (the GUI hides the
 * others): per contact and per scenario, sliding and turning contacts. */
static void test_param_law_uses(void)
{
  static const struct {
    const char *scenario, *param;
    bool uses[4]; /* exact, regularised, tanh, lugre */
  } cases[] = {
      {"one-mass", "gamma", {false, true, false, false}},
      {"one-mass", "k_tanh", {false, false, true, false}},
      {"one-mass", "sigma0", {false, false, false, true}},
      {"one-mass", "sigma1", {false, false, false, true}},
      {"one-mass", "vartheta", {false, false, false, true}},
      {"one-mass", "v_stick", {false, false, true, true}},
      {"one-mass", "mu_s", {true, true, true, true}},
      {"one-mass", "law", {true, true, true, true}},
      {"dupont", "k_tanh", {false, false, true, false}},
      {"two-slider", "gamma_1", {false, true, false, false}},
      {"two-slider", "gamma_2", {false, true, false, false}},
      {"two-slider", "vartheta_2", {false, false, false, true}},
      {"two-slider", "v_stick", {false, false, true, true}},
      {"two-slider", "treatment", {true, true, true, true}},
      {"gear-train", "sigma1", {false, false, false, true}},
      {"gear-train", "gap_gamma_phi", {true, true, true, true}}, /* not the law's gamma */
      {"gear-train", "k_gamma_phi", {true, true, true, true}},
      {"two-block", "mu_s10", {true, true, true, true}},
  };
  for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
    const ss_scenario *sc = ss_scenario_find(cases[i].scenario);
    int k = ss_scenario_param_index(sc, cases[i].param);
    g_assert_cmpint(k, >=, 0);
    for (int law = 0; law < 4; law++)
      if (ss_param_law_uses(sc, k, law) != cases[i].uses[law])
        g_error("%s %s: law %d", cases[i].scenario, cases[i].param, law);
  }
  /* the law choice lists every law once, its range follows */
  for (int s = 0; s < ss_scenario_count(); s++) {
    const ss_scenario *sc = ss_scenario_get(s);
    int k = ss_scenario_param_index(sc, "law");
    if (k < 0)
      continue;
    const ss_param_info *p = &sc->params[k];
    int n = 0;
    while (p->choices[n])
      n++;
    g_assert_cmpint(n, ==, 4);
    g_assert_cmpfloat(p->max, ==, n - 1);
    g_assert_cmpstr(p->choices[3], ==, "lugre");
  }
}

int main(int argc, char **argv)
{
  g_test_init(&argc, &argv, NULL);
  g_test_add_func("/algebra/luz-sat", test_luz_sat_definitions);
  g_test_add_func("/algebra/tar", test_tar_identities);
  g_test_add_func("/algebra/series-freeplay", test_series_freeplay);
  g_test_add_func("/params/validation", test_param_validation);
  g_test_add_func("/params/format-roundtrip", test_param_format_roundtrip);
  g_test_add_func("/params/law-uses", test_param_law_uses);
  return g_test_run();
}
